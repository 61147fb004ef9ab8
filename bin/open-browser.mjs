// `--open`: the system's way to open a URL in the default browser, if it has one. Never fatal.
import { spawn } from 'node:child_process';

/** The command that opens a URL on this platform. */
export function browserCommand(platform = process.platform) {
  if (platform === 'darwin') return { command: 'open', args: [] };
  // `start` is a cmd built-in; its first quoted argument is the window title.
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""'] };
  return { command: 'xdg-open', args: [] };
}

export function openBrowser(url, platform = process.platform) {
  const { command, args } = browserCommand(platform);
  const fallback = () => console.log(`sessionscope: could not open a browser (${command}); open ${url}`);
  try {
    const child = spawn(command, [...args, url], { stdio: 'ignore', detached: true });
    child.once('error', fallback);
    child.once('exit', (code) => code && fallback());
    child.unref();
  } catch {
    fallback();
  }
}
