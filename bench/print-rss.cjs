// Preloaded into a measured child: prints its own peak memory (the OS's figure, in kB) and its
// CPU time (ms) on exit, for a parent that has no /usr/bin/time to ask.
process.on('exit', () => {
  const usage = process.resourceUsage();
  const cpuMs = Math.round((usage.userCPUTime + usage.systemCPUTime) / 1e3);
  process.stderr.write(`baton-peak-rss-kb ${usage.maxRSS}\nbaton-cpu-ms ${cpuMs}\n`);
});
