/** The shared file's only style (inline: the file loads nothing from anywhere), light and dark. */
export const SHARE_CSS = `
:root { color-scheme: light dark; --bg: #f6f7f9; --panel: #fff; --fg: #17181c; --muted: #646a7a; --border: #e2e4ea; --accent: #2f5fe0; --code: #f1f2f5; --danger: #c93030; --warn-bg: #fff4d6; }
@media (prefers-color-scheme: dark) { :root { --bg: #0f1115; --panel: #171a21; --fg: #e6e7eb; --muted: #9097a6; --border: #2a2e38; --accent: #7c9cff; --code: #1f232c; --danger: #ff6b6b; --warn-bg: #3a3010; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 14px/1.5 ui-sans-serif, system-ui, -apple-system, 'Segoe UI', sans-serif; }
main { max-width: 980px; margin: 0 auto; padding: 16px; }
h1 { font-size: 20px; margin: 8px 0; overflow-wrap: anywhere; }
h2 { font-size: 16px; margin: 24px 0 8px; }
.warning { background: var(--warn-bg); border: 1px solid var(--border); border-radius: 8px; padding: 8px 12px; }
.muted { color: var(--muted); }
.figures { display: flex; flex-wrap: wrap; gap: 8px 20px; margin: 8px 0; padding: 0; list-style: none; }
.figures b { display: block; font-size: 16px; }
.turn { background: var(--panel); border: 1px solid var(--border); border-radius: 8px; padding: 10px 12px; margin: 10px 0; }
.prompt { border-left: 3px solid var(--accent); padding-left: 10px; }
.msg-head { font-size: 12px; color: var(--muted); margin: 8px 0 4px; }
.text, pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 4px 0; }
pre { background: var(--code); border-radius: 6px; padding: 6px 8px; font: 12px/1.45 ui-monospace, 'SF Mono', Menlo, Consolas, monospace; max-height: 480px; overflow: auto; }
.tool { border: 1px solid var(--border); border-radius: 6px; padding: 4px 8px; margin: 4px 0; }
.tool[data-status='error'] { border-color: var(--danger); }
.tool summary, details summary { cursor: pointer; }
.status-error { color: var(--danger); }
.note { font-size: 12px; color: var(--muted); }
.subagent { border-left: 2px solid var(--border); padding-left: 12px; margin-left: 4px; }
`;
