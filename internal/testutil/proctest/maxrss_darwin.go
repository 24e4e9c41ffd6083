package proctest

// maxrssUnit: macOS reports ru_maxrss in bytes.
const maxrssUnit = 1
