package approval

// sysFold: APFS, macOS's default, ignores case and normalisation.
var sysFold = apfsFolding
