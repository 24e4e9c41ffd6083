package main

// maxrssUnit: darwin's ru_maxrss counts bytes.
const maxrssUnit = 1
