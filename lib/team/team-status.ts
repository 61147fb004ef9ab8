/** `GET /api/team`: whether this dashboard has a team view, and how publishing to it goes. */
export type TeamStatus =
  | { configured: false }
  | {
      configured: true;
      /** host:port/database (never the user or password). */
      where: string;
      machine: string;
      person: string;
      /** `--team-only`: this dashboard reads nothing of its machine; the team view is all it serves. */
      teamOnly: boolean;
      /** `--publish-text`: this machine publishes the text of prompts, replies and tool calls too (never with `teamOnly`). */
      publishText: boolean;
      /** The machines whose text the team database holds (none: the text stays on each machine); absent when the team database did not answer. */
      textPublishedBy?: string[];
      publishing?: { state: 'waiting' | 'publishing' | 'published' | 'retrying'; publishedAt?: number; error?: string; retryAt?: number };
    };
