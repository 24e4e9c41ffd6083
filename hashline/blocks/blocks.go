// Package blocks resolves the syntactic block that begins on a line, for the
// hashline block hunks (`replace block N:`, `delete block N`, `insert after
// block N:`). Go, JavaScript, TypeScript (and TSX), Python, Rust, Java, C,
// C++ and Ruby are parsed with tree-sitter (github.com/smacker/go-tree-sitter,
// built with cgo); other files, and builds without cgo, use a brace, keyword
// and indentation heuristic.
//
// The block is the outermost syntax node that begins on the line. Where a
// grammar folds decorators or annotations into the construct (Python
// `@dec` + `def`, TypeScript decorators, Java annotations), anchoring on the
// first decorator takes both; a Rust `#[attr]` or a comment is a node of its
// own and resolves alone.
package blocks

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/atomic-script/atomic-script/hashline"
)

// Resolver is the block resolver for hashline. The zero value is ready and
// safe for concurrent use.
type Resolver struct {
	ctx context.Context // nil: parses are bounded by their time limit only
}

// New returns a resolver.
func New() hashline.BlockResolver { return Resolver{} }

// NewContext returns a resolver whose parses stop when ctx ends, so a
// parse of a huge or deeply nested file does not outlive the call (a run's
// deadline, a cancelled request). A stopped parse resolves no block.
func NewContext(ctx context.Context) hashline.BlockResolver { return Resolver{ctx: ctx} }

// ResolveBlock implements [hashline.BlockResolver].
func (r Resolver) ResolveBlock(path, text string, line int) (start, end int, ok bool) {
	ctx := r.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	lines := strings.Split(text, "\n")
	if line < 1 || line > len(lines) {
		return 0, 0, false
	}
	if l := lines[line-1]; strings.TrimSpace(l) == "" || hashline.IsCloser(l) {
		return 0, 0, false
	}
	if lang := Language(path); lang != "" {
		if s, e, ok, supported := parseBlock(ctx, lang, text, line); supported {
			return s, e, ok
		}
	}
	return heuristic(lines, line)
}

// Language names the tree-sitter grammar for path ("" for none): "go",
// "javascript", "typescript", "tsx", "python", "rust", "java", "c", "cpp" or
// "ruby".
func Language(path string) string {
	base := filepath.Base(path)
	switch base {
	case "Rakefile", "Gemfile", "Guardfile", "Podfile", "Vagrantfile":
		return "ruby"
	}
	switch strings.ToLower(filepath.Ext(base)) {
	case ".go":
		return "go"
	case ".js", ".mjs", ".cjs", ".jsx":
		return "javascript"
	case ".ts", ".mts", ".cts":
		return "typescript"
	case ".tsx":
		return "tsx"
	case ".py", ".pyi", ".pyw":
		return "python"
	case ".rs":
		return "rust"
	case ".java":
		return "java"
	case ".c":
		return "c"
	case ".h", ".cc", ".cpp", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h++", ".ipp", ".inl", ".tpp":
		return "cpp"
	case ".rb", ".rake", ".gemspec", ".ru":
		return "ruby"
	}
	return ""
}
