package approval

import (
	"strings"

	"github.com/atomic-script/atomic-script/internal/pathfold"
)

// sysFold: NTFS ignores case (an upcase table: strings.ToUpper for the
// pattern), and Windows drops trailing dots, spaces and streams.
var sysFold = folding{pattern: strings.ToUpper, name: pathfold.NTFS}
