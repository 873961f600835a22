// Preloaded into a measured child where /usr/bin/time is missing: prints its own peak memory.
process.on('exit', () => {
  process.stderr.write(`baton-peak-rss-mb ${Math.round(process.resourceUsage().maxRSS / 1024)}\n`);
});
