// `sessionscope --team-db URL` (or SESSIONSCOPE_TEAM_DB): handed to the server as the environment,
// and a wrong URL refused without repeating it (it may hold a password).
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM launcher module without type declarations
import { applyOptionsToEnv as untypedApply, parseOptions as untypedParse, teamLine as untypedTeamLine } from '../../bin/options.mjs';

const parseOptions = untypedParse as (values: Record<string, unknown>, env?: Record<string, string>) => Record<string, unknown>;
const applyOptionsToEnv = untypedApply as (options: Record<string, unknown>, env: Record<string, string>) => void;
const teamLine = untypedTeamLine as (options: Record<string, unknown>) => string | undefined;

describe('--team-db', () => {
  it('reaches the server with the machine and person, from the flag or the environment', () => {
    const env: Record<string, string> = {};
    applyOptionsToEnv(parseOptions({ 'team-db': 'postgres://ann:pw@db.example:5432/team', machine: 'laptop', person: 'ann' }, {}), env);
    expect(env).toMatchObject({ SESSIONSCOPE_TEAM_DB: 'postgres://ann:pw@db.example:5432/team', SESSIONSCOPE_MACHINE: 'laptop', SESSIONSCOPE_PERSON: 'ann' });
    expect(parseOptions({}, { SESSIONSCOPE_TEAM_DB: 'postgresql://db/team' }).teamDb).toBe('postgresql://db/team');
    expect(parseOptions({}, {}).teamDb).toBeUndefined();
  });

  it('refuses what is not a postgres:// URL, without repeating it', () => {
    expect(() => parseOptions({ 'team-db': 'mysql://ann:s3cret@db/team' }, {})).toThrow(/must be a postgres:\/\/ URL, not mysql:\/\/$/);
    expect(() => parseOptions({ 'team-db': '//ann:s3cret@db/team' }, {})).toThrow(/^--team-db must be a URL such as postgres:\/\/user@host:5432\/database$/);
  });

  it('--publish-text reaches the server (flag or SESSIONSCOPE_PUBLISH_TEXT=1), needs --team-db, and the startup line says whether text is published', () => {
    const env: Record<string, string> = {};
    const withText = parseOptions({ 'team-db': 'postgres://ann:pw@db.example:5432/team', 'publish-text': true }, {});
    applyOptionsToEnv(withText, env);
    expect(env.SESSIONSCOPE_PUBLISH_TEXT).toBe('1');
    expect(parseOptions({ 'team-db': 'postgres://db/team' }, { SESSIONSCOPE_PUBLISH_TEXT: '1' }).publishText).toBe(true);
    expect(() => parseOptions({ 'publish-text': true }, {})).toThrow(/^--publish-text needs --team-db URL/);
    expect(teamLine(withText)).toBe("sessionscope: publishing this machine's sessions to db.example:5432/team, with the text of prompts, replies, reasoning and tool calls (--publish-text)");
    const without = parseOptions({ 'team-db': 'postgres://ann:pw@db.example:5432/team' }, {});
    expect(without.publishText).toBe(false);
    expect(teamLine(without)).toMatch(/figures and metadata only, the text stays on this machine/);
    expect(teamLine(parseOptions({}, {}))).toBeUndefined();
    for (const line of [teamLine(withText), teamLine(without)]) expect(line).not.toContain('pw');
  });
});
