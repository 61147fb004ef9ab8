export interface Todo {
  id?: string;
  content: string;
  status: string;
  priority?: string;
}

export interface FileDiff {
  file: string;
  additions: number;
  deletions: number;
  /** Unified diff text where the store keeps it. */
  patch?: string;
}
