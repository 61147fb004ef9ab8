/** @type {import('next').NextConfig} */
const nextConfig = {
  // better-sqlite3 is a native addon: keep it out of the server bundle.
  serverExternalPackages: ['better-sqlite3', 'chokidar'],
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm test` type-checks the whole project (tsc); skipping Next's second pass halves a first start.
  typescript: { ignoreBuildErrors: true },
  // Keep dev and test builds apart so `npm test` never clobbers a running dashboard's build.
  distDir: process.env.SESSIONSCOPE_DIST_DIR || '.next',
};

export default nextConfig;
