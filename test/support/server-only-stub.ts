// Stand-in for the 'server-only' guard: tests import server modules directly.
export {};
