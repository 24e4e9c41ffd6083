package tools

import (
	"context"
	"os"
	"path/filepath"
	"sync"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/tools/spill"
)

// Env is what every tool call runs in: the workspace, the session it belongs
// to and the run's services. One Env serves one run (one script); calls of
// that run share it concurrently, so its fields are read-only after the run
// starts and the services it points to are safe for concurrent use.
type Env struct {
	// Root is the absolute workspace root. Relative paths resolve against it.
	Root string
	// Session holds state that outlives one run (snapshots, todos,
	// background tasks) for the CLI session or the MCP session.
	Session *Session
	// Owner identifies the run or MCP session that owns background tasks
	// started by this call; tasks of other owners cannot be killed.
	Owner string
	// Settings are the tool-relevant settings.
	Settings Settings
	// Files is the one path every file mutation takes (journal, dry-run
	// overlay, rollback). The engine always sets it; an Env built by hand
	// without it writes directly (DirectFiles).
	Files Files
	// Spill persists output that does not fit in a result. Nil when the
	// temp tree could not be made safe: tools then run without a spill file
	// and say so.
	Spill *spill.Dir
	// Enabled reports whether a tool is enabled in this run (the bash
	// interceptor only blocks what a first-class tool can do instead).
	Enabled func(name string) bool
	// Direct is set for a host's direct tool call, whose result a model
	// reads whole; unset, the caller is a script, which gets every value
	// it asks for (caps bound only the text). Tools whose defaults are
	// sized for a model (find's 200 paths) use it.
	Direct bool
	// Routers serve the resources of URI schemes a host exposes (mcp://,
	// the configured external MCP servers), by scheme: read, search and
	// their selectors reach them here. Nil or missing: the scheme is not
	// served in this run.
	Routers map[string]Router
	// Questions answers ask_user_question; nil when no one can answer in
	// this run (the tool then fails with ERR_UNAVAILABLE).
	Questions Questioner
}

// Router serves the read-only resources of one URI scheme.
type Router interface {
	// ReadResource returns the resource uri names (the whole
	// "scheme://…"), or a listing when uri names a collection.
	ReadResource(ctx context.Context, uri string) (Routed, error)
}

// Routed is what a Router returns for one URI.
type Routed struct {
	// Text is the resource's text (binary content described in it), or
	// the listing.
	Text string
	// Listing is set when Text lists resources rather than being one;
	// URIs are then the listed resources search looks into.
	Listing bool
	URIs    []string
	// Images are image blobs of the resource.
	Images []Image
	// Source names where it came from (the server), for details.
	Source string
}

// Router returns the router of scheme, or nil.
func (e *Env) Router(scheme string) Router {
	if e == nil {
		return nil
	}
	return e.Routers[scheme]
}

// Abs resolves p against the workspace root. Absolute paths are returned
// cleaned; the tools follow the spec's rule that paths are not sandboxed.
func (e *Env) Abs(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(e.Root, p)
}

// Display returns how p is shown to a model: relative to the root with '/'
// separators when inside it, else absolute.
func (e *Env) Display(abs string) string {
	// The common case, a cleaned path under a cleaned root, without the
	// cost of filepath.Rel (find lists hundreds of thousands of paths).
	if n := len(e.Root); n > 1 && len(abs) > n+1 && abs[:n] == e.Root && os.IsPathSeparator(abs[n]) &&
		os.IsPathSeparator(e.Root[0]) && cleanRel(e.Root[1:]) && cleanRel(abs[n+1:]) {
		return filepath.ToSlash(abs[n+1:])
	}
	rel, err := filepath.Rel(e.Root, abs)
	if err != nil || rel == ".." || len(rel) > 2 && rel[:3] == ".."+string(filepath.Separator) {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}

// cleanRel reports whether p is a relative path as filepath.Clean leaves
// it: no empty, "." or ".." component (so no leading or trailing
// separator).
func cleanRel(p string) bool {
	start := 0
	for i := 0; i <= len(p); i++ {
		if i < len(p) && !os.IsPathSeparator(p[i]) {
			continue
		}
		switch p[start:i] {
		case "", ".", "..":
			return false
		}
		start = i + 1
	}
	return true
}

// IsEnabled reports whether the named tool is enabled; with no Enabled func
// every tool counts as enabled.
func (e *Env) IsEnabled(name string) bool {
	if e.Enabled == nil {
		return true
	}
	return e.Enabled(name)
}

// Settings are the settings tools read. The engine fills them from
// settings.json files; zero values mean the documented defaults.
type Settings struct {
	// SearchContextBefore/After are search's context lines (defaults 1, 3).
	// Nil means the default; a pointer lets a setting of 0 be honoured.
	SearchContextBefore *int `json:"contextBefore,omitempty"`
	SearchContextAfter  *int `json:"contextAfter,omitempty"`
	// BashInterceptor turns on the bash interceptor rules.
	BashInterceptor bool `json:"bashInterceptor,omitempty"`
	// WebSearchEndpoint and CodeSearchEndpoint replace websearch's and
	// code_search's default endpoints ("" for the defaults); the
	// ATOMIC_WEBSEARCH_ENDPOINT and ATOMIC_CODE_SEARCH_ENDPOINT variables
	// win over them. Requests to them pass the URL guard like any other.
	WebSearchEndpoint  string `json:"webSearchEndpoint,omitempty"`
	CodeSearchEndpoint string `json:"codeSearchEndpoint,omitempty"`
	// SkillsRoot is the directory skill:// paths resolve under (absolute);
	// empty means skill:// is not configured.
	SkillsRoot string `json:"skillsRoot,omitempty"`
	// ProtectedPaths are directories the file tools refuse to change: the
	// tool's own settings and state (the engine adds them). A workspace's
	// .atomic directory and every .git are refused as well.
	ProtectedPaths []string `json:"-"`
	// AllowProtected lets the file tools change protected paths (the user
	// setting files.allowProtectedPaths).
	AllowProtected bool `json:"-"`
}

// Session is state shared by every run of one CLI `--session` or one MCP
// session. Safe for concurrent use.
type Session struct {
	// ID is the session identifier (already reduced to a safe path
	// component by the caller when it names files).
	ID string
	// Snapshots is the hashline snapshot store: read, search, write and
	// edit record into it, and write's guard and edit's tags look up in it.
	// Snapshots are keyed by the file's absolute, cleaned path.
	Snapshots *hashline.Store

	// Durable, when set, keeps values beyond the process: the engine sets
	// it to the session's store when the session is named (run --session,
	// serve --session), and the todo list lives there. Set it before the
	// session is used.
	Durable Durable

	mu     sync.Mutex
	state  map[any]any
	closed bool
}

// Durable is storage of a named session that outlives the process. Keys
// are the tools' own (the todo list's is "atomic-script/todos"). Safe for
// concurrent use.
type Durable interface {
	Get(key string) (value string, ok bool, err error)
	Put(key, value string) error
}

// NewSession returns an empty session.
func NewSession(id string) *Session {
	return &Session{ID: id, Snapshots: hashline.NewStore(), state: map[any]any{}}
}

// State returns the session's value for key, creating it with init on first
// use. Tool packages keep their own per-session state this way (the todo
// list, the background task table) without Session knowing their types; use
// an unexported key type to avoid collisions.
//
// On a closed session the value is made and closed at once (if it is a
// Closer), so a call racing Close cannot leave processes or files behind.
func (s *Session) State(key any, init func() any) any {
	s.mu.Lock()
	if v, ok := s.state[key]; ok {
		s.mu.Unlock()
		return v
	}
	v := init()
	if s.closed {
		s.mu.Unlock()
		if c, ok := v.(Closer); ok {
			_ = c.Close()
		}
		return v
	}
	s.state[key] = v
	s.mu.Unlock()
	return v
}

// Closer is implemented by session state that holds resources (processes,
// files) to release when the session ends.
type Closer interface{ Close() error }

// Runner is implemented by session state that runs work of its own (the
// background task table): Running describes what is still running, one
// line each.
type Runner interface{ Running() []string }

// Running lists what the session's state still runs (see Runner), so a
// host that is about to close the session can say what ends with it.
func (s *Session) Running() []string {
	var out []string
	for _, v := range s.values() {
		if r, ok := v.(Runner); ok {
			out = append(out, r.Running()...)
		}
	}
	return out
}

// Close releases every piece of session state that implements Closer.
func (s *Session) Close() error {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	var first error
	for _, v := range s.values() {
		if c, ok := v.(Closer); ok {
			if err := c.Close(); err != nil && first == nil {
				first = err
			}
		}
	}
	return first
}

// Progress is one streamed update from a long-running call (find's onUpdate
// snapshots, bash output so far).
type Progress struct {
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

type progressKey struct{}

// WithProgress returns a context whose calls report progress to fn. fn may
// be called from any goroutine.
func WithProgress(ctx context.Context, fn func(Progress)) context.Context {
	return context.WithValue(ctx, progressKey{}, fn)
}

// ReportProgress sends p to the progress callback of ctx, if any.
func ReportProgress(ctx context.Context, p Progress) {
	if fn, ok := ctx.Value(progressKey{}).(func(Progress)); ok && fn != nil {
		fn(p)
	}
}

// values returns the session's state values, copied under the lock so they
// can be called without it.
func (s *Session) values() []any {
	s.mu.Lock()
	defer s.mu.Unlock()
	vals := make([]any, 0, len(s.state))
	for _, v := range s.state {
		vals = append(vals, v)
	}
	return vals
}
