package approval

// sysFold: NTFS ignores case, and Windows drops trailing dots, spaces and
// streams.
var sysFold = ntfsFolding
