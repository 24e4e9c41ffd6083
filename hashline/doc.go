// Package hashline is the anchored edit language behind read's numbered
// output and the edit tool: snapshot tags, numbered rows, the script parser,
// the applier with its boundary repairs, stale-tag recovery, no-op detection
// and the pure halves of the write guard. It does no I/O: callers hand it the
// live text of a file (through [Reader]) and write what [Prepare] returns.
//
// The package imports only the standard library and its hash
// (github.com/OneOfOne/xxhash); syntax-aware block resolution lives behind the
// [BlockResolver] interface (see the sibling package hashline/blocks).
//
// Texts come in three forms, and the names in this package say which:
//   - raw: the bytes of a file as read (BOM, CRLF or CR line endings);
//   - normalised ([Normalize]): BOM stripped, CRLF and lone CR turned into LF.
//     Snapshots store this form and edits apply to it;
//   - tag form: normalised plus trailing spaces/tabs before each newline
//     removed. Only [Tag] sees it.
//
// Line numbers are 1-based and always refer to the original snapshot. A file
// "a\nb\n" splits into the elements "a", "b" and "" — the last, empty element
// is the "phantom" line 3: it is never shown as a row, but it is addressable
// by edits (see [Apply]).
package hashline
