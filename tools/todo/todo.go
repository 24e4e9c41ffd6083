// Package todo implements the session task checklist tools: todowrite
// (replace the list), todo_get (read it) and todo_update (change one item).
package todo

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/google/jsonschema-go/jsonschema"
)

// Item is one checklist entry.
type Item struct {
	Content  string `json:"content" jsonschema:"what to do"`
	Status   string `json:"status" jsonschema:"pending, in_progress or completed"`
	Priority string `json:"priority,omitempty" jsonschema:"high, medium or low"`
}

// List is what every todo tool returns: the whole checklist after the call.
type List struct {
	Todos   []Item `json:"todos"`
	Summary string `json:"summary"`
}

// checklist is the per-session list. Safe for concurrent use. A named
// session's list lives in its storage: every call reads it there (another
// process of the session may have changed it) and writes it back.
type checklist struct {
	mu      sync.Mutex
	items   []Item
	durable tools.Durable // the named session's storage, or nil
}

type stateKey struct{}

// durableKey is where a named session keeps its list.
const durableKey = "atomic-script/todos"

// Caps on the list: a checklist is for a model to read, and every call
// returns it whole.
const (
	maxItems       = 100
	maxContentRune = 500
	maxTextBytes   = 32 << 10 // of all the items' content together
)

// checkSize refuses a list whose items hold more than maxTextBytes of text.
func checkSize(tool string, items []Item) error {
	n := 0
	for _, it := range items {
		n += len(it.Content)
	}
	if n > maxTextBytes {
		return tools.Errorf(tools.ErrLimit, "%s: the checklist would hold %d bytes of text, over the %d KiB a checklist may hold; shorten the items (nothing was changed)", tool, n, maxTextBytes>>10)
	}
	return nil
}

// listOf returns the session's list.
func listOf(env *tools.Env) *checklist {
	return env.Session.State(stateKey{}, func() any { return &checklist{durable: env.Session.Durable} }).(*checklist)
}

// load reads a named session's list from its storage (l.mu held).
func (l *checklist) load(tool string) error {
	if l.durable == nil {
		return nil
	}
	v, ok, err := l.durable.Get(durableKey)
	if err == nil && ok {
		var items []Item
		if err = json.Unmarshal([]byte(v), &items); err == nil {
			l.items = items
		}
	}
	if err != nil {
		return tools.Errorf(tools.ErrIO, "%s: the session's checklist could not be read: %v (todowrite replaces it)", tool, err)
	}
	return nil
}

// save keeps the list in the session's storage (l.mu held).
func (l *checklist) save(tool string) error {
	if l.durable == nil {
		return nil
	}
	data, err := json.Marshal(l.items)
	if err == nil {
		err = l.durable.Put(durableKey, string(data))
	}
	if err != nil {
		return tools.Errorf(tools.ErrIO, "%s: the list changed for this process, but could not be saved with the session: %v", tool, err)
	}
	return nil
}

var statuses = []any{"pending", "in_progress", "completed"}
var priorities = []any{"high", "medium", "low"}

// itemSchema is Item's schema with the enums the struct tags cannot carry.
func itemSchema(requireStatus bool) *jsonschema.Schema {
	s := tools.MustSchemaFor[Item]()
	s.Properties["status"].Enum = statuses
	s.Properties["priority"].Enum = priorities
	if !requireStatus {
		s.Required = []string{"content"}
	}
	return s
}

type writeArgs struct {
	Todos []Item `json:"todos" jsonschema:"the complete new checklist, in order"`
}

type updateArgs struct {
	Index    int    `json:"index" jsonschema:"0-based position of the item in the checklist"`
	Status   string `json:"status,omitempty" jsonschema:"new status"`
	Content  string `json:"content,omitempty" jsonschema:"new text"`
	Priority string `json:"priority,omitempty" jsonschema:"new priority"`
}

// Tools returns todowrite, todo_get and todo_update.
func Tools() []tools.Tool {
	writeIn := tools.MustSchemaFor[writeArgs]()
	writeIn.Properties["todos"].Items = itemSchema(false)
	writeIn.Properties["todos"].MaxItems = jsonschema.Ptr(maxItems)
	writeIn.Properties["todos"].Items.Properties["content"].MaxLength = jsonschema.Ptr(maxContentRune)
	updateIn := tools.MustSchemaFor[updateArgs]()
	updateIn.Properties["index"].Minimum = jsonschema.Ptr(0.0)
	updateIn.Properties["status"].Enum = statuses
	updateIn.Properties["priority"].Enum = priorities
	updateIn.Properties["content"].MaxLength = jsonschema.Ptr(maxContentRune)
	out := tools.MustSchemaFor[List]()
	out.Properties["todos"].Items = itemSchema(true)

	return []tools.Tool{
		tools.NewStructured(tools.Spec{
			Name:        "todowrite",
			Description: "Replace the session task checklist with the given items (status defaults to pending). Returns the whole list.",
			Input:       writeIn,
			Output:      out,
			Tags:        []tools.Tag{tools.TagSessionOnly},
		}, func(ctx context.Context, env *tools.Env, in writeArgs) (List, error) {
			l := listOf(env)
			items := make([]Item, len(in.Todos))
			for i, it := range in.Todos {
				if strings.TrimSpace(it.Content) == "" {
					return List{}, tools.Errorf(tools.ErrInvalidArgs, "todowrite: todos[%d].content is empty; every item needs text", i)
				}
				if it.Status == "" {
					it.Status = "pending"
				}
				items[i] = it
			}
			if err := checkSize("todowrite", items); err != nil {
				return List{}, err
			}
			l.mu.Lock()
			defer l.mu.Unlock()
			l.items = items
			return l.snapshot(), l.save("todowrite")
		}, render),
		tools.NewStructured(tools.Spec{
			Name:        "todo_get",
			Description: "Read the session task checklist.",
			Output:      out,
		}, func(ctx context.Context, env *tools.Env, in struct{}) (List, error) {
			l := listOf(env)
			l.mu.Lock()
			defer l.mu.Unlock()
			if err := l.load("todo_get"); err != nil {
				return List{}, err
			}
			return l.snapshot(), nil
		}, render),
		tools.NewStructured(tools.Spec{
			Name:        "todo_update",
			Description: "Update one checklist item by its 0-based index: its status, text or priority. Returns the whole list.",
			Input:       updateIn,
			Output:      out,
			Tags:        []tools.Tag{tools.TagSessionOnly},
		}, func(ctx context.Context, env *tools.Env, in updateArgs) (List, error) {
			l := listOf(env)
			l.mu.Lock()
			defer l.mu.Unlock()
			if err := l.load("todo_update"); err != nil {
				return List{}, err
			}
			if in.Index < 0 || in.Index >= len(l.items) {
				if len(l.items) == 0 {
					return List{}, tools.Errorf(tools.ErrNotFound, "todo_update: the checklist is empty; create it with todowrite first")
				}
				return List{}, tools.Errorf(tools.ErrNotFound, "todo_update: no item at index %d; the checklist has %d items (indexes 0-%d)", in.Index, len(l.items), len(l.items)-1)
			}
			if in.Status == "" && in.Content == "" && in.Priority == "" {
				return List{}, tools.Errorf(tools.ErrInvalidArgs, "todo_update: nothing to change; give status, content or priority")
			}
			if strings.TrimSpace(in.Content) != "" {
				next := append([]Item(nil), l.items...)
				next[in.Index].Content = in.Content
				if err := checkSize("todo_update", next); err != nil {
					return List{}, err
				}
			}
			it := &l.items[in.Index]
			if in.Status != "" {
				it.Status = in.Status
			}
			if strings.TrimSpace(in.Content) != "" {
				it.Content = in.Content
			}
			if in.Priority != "" {
				it.Priority = in.Priority
			}
			return l.snapshot(), l.save("todo_update")
		}, render),
	}
}

// snapshot copies the list; the caller holds l.mu.
func (l *checklist) snapshot() List {
	items := append([]Item{}, l.items...)
	var done, doing int
	for _, it := range items {
		switch it.Status {
		case "completed":
			done++
		case "in_progress":
			doing++
		}
	}
	return List{Todos: items, Summary: strconv.Itoa(len(items)) + " items: " + strconv.Itoa(done) + " completed, " + strconv.Itoa(doing) + " in progress, " + strconv.Itoa(len(items)-done-doing) + " pending"}
}

var marks = map[string]string{"pending": "[ ]", "in_progress": "[~]", "completed": "[x]"}

func render(l List) string {
	if len(l.Todos) == 0 {
		return "Checklist is empty."
	}
	var b strings.Builder
	for i, it := range l.Todos {
		fmt.Fprintf(&b, "%d. %s %s", i, marks[it.Status], it.Content)
		if it.Priority != "" {
			fmt.Fprintf(&b, " (%s)", it.Priority)
		}
		b.WriteByte('\n')
	}
	b.WriteString(l.Summary)
	return b.String()
}
