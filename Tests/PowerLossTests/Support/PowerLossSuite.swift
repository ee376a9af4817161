import Testing

/// Every suite that uses the power-cut VFS, nested here so they run one test at a time: the
/// VFS's cache and its armed cut are global to the process.
@Suite(.serialized) enum PowerLossSuite {}
