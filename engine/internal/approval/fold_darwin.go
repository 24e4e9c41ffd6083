package approval

import "github.com/atomic-script/atomic-script/internal/pathfold"

// sysFold: APFS, macOS's default, ignores case and normalisation.
var sysFold = folding{pattern: pathfold.APFS, name: pathfold.APFS}
