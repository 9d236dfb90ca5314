// Preloaded into a child process (NODE_OPTIONS=--import) by tests that run a command on a moved clock: Date.now
// runs CLOCK_OFFSET_MS ahead (or behind) of the wall clock, so the child's state store agrees with a server the
// test started on the same moved clock.
const offset = Number(process.env.CLOCK_OFFSET_MS ?? 0);
const wall = Date.now;
Date.now = () => wall() + offset;
