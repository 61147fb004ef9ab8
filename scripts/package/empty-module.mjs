// Stands in for 'server-only' in the bundled commands (it only keeps server code out of browser bundles).
