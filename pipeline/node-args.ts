/**
 * Node flags for every process that runs the nightly build: `npm run snapshot` (package.json, checked by a test),
 * `npm start`'s builds and the bench's. At 100 times today's catalogue the build holds about 5 GB, and under Node's
 * default heap ceiling (about 4 GB on a 24 GB machine) garbage collection took most of its time: with room to
 * spare it took 394 s instead of 510 s (peak RSS 6.5 GB instead of 4.9 GB). A ceiling, not a reservation: a build
 * of today's catalogue still uses about 0.45 GB.
 */
export const BUILD_NODE_ARGS = ["--max-old-space-size=8192"];
