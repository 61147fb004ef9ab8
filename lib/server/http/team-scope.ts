/** `?scope=team`: the answer comes from the team's database, not this machine's. */
export function wantsTeam(request: Request): boolean {
  return new URL(request.url).searchParams.get('scope') === 'team';
}
