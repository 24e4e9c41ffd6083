package files

// hasExecBit: Windows has no executable bit (Git Bash runs a file by its
// shebang), so write never claims to have made a file executable there.
const hasExecBit = false
