//go:build cgo

package syntax

/*
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

// The tree-sitter runtime that github.com/smacker/go-tree-sitter compiles
// into the binary; these are its declarations (tree_sitter/api.h, ABI 14).
typedef struct TSLanguage TSLanguage;
typedef struct TSParser TSParser;
typedef struct TSTree TSTree;
typedef struct { uint32_t context[4]; const void *id; const TSTree *tree; } TSNode;
typedef struct { const void *tree; const void *id; uint32_t context[3]; } TSTreeCursor;

TSParser *ts_parser_new(void);
void ts_parser_delete(TSParser *);
bool ts_parser_set_language(TSParser *, const TSLanguage *);
void ts_parser_set_timeout_micros(TSParser *, uint64_t);
void ts_parser_set_cancellation_flag(TSParser *, const size_t *);
void ts_parser_reset(TSParser *);
TSTree *ts_parser_parse_string(TSParser *, const TSTree *, const char *, uint32_t);
void ts_tree_delete(TSTree *);
TSNode ts_tree_root_node(const TSTree *);
TSTreeCursor ts_tree_cursor_new(TSNode);
void ts_tree_cursor_delete(TSTreeCursor *);
TSNode ts_tree_cursor_current_node(const TSTreeCursor *);
uint16_t ts_tree_cursor_current_field_id(const TSTreeCursor *);
bool ts_tree_cursor_goto_first_child(TSTreeCursor *);
bool ts_tree_cursor_goto_next_sibling(TSTreeCursor *);
bool ts_tree_cursor_goto_parent(TSTreeCursor *);
uint16_t ts_node_symbol(TSNode);
uint32_t ts_node_start_byte(TSNode);
uint32_t ts_node_end_byte(TSNode);
bool ts_node_is_named(TSNode);
bool ts_node_is_extra(TSNode);
bool ts_node_is_missing(TSNode);
bool ts_node_has_error(TSNode);
uint32_t ts_language_symbol_count(const TSLanguage *);
const char *ts_language_symbol_name(const TSLanguage *, uint16_t);
int ts_language_symbol_type(const TSLanguage *, uint16_t);
uint32_t ts_language_field_count(const TSLanguage *);
const char *ts_language_field_name_for_id(const TSLanguage *, uint16_t);

typedef struct {
	uint32_t start, end;
	int32_t parent, after;
	uint16_t sym, field;
	uint8_t flags;
} as_node;

// as_frame is a node on the way down: its index and its symbol.
typedef struct { int64_t n; uint16_t sym; } as_frame;

// as_flatten writes the nodes of tree in pre-order into out (the first cap
// of them) and returns how many there are, or -1 when out of memory. A
// node in a field whose bit is set in opaque[its parent's symbol] (a table
// of nopaque symbols; NULL for none) is written without its subtree.
static int64_t as_flatten(const TSTree *tree, as_node *out, int64_t cap, bool fields,
		const uint64_t *opaque, uint32_t nopaque) {
	TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(tree));
	int64_t n = 0, depth = 0, stcap = 256;
	as_frame *stack = malloc(stcap * sizeof *stack);
	if (!stack) {
		ts_tree_cursor_delete(&c);
		return -1;
	}
	for (;;) {
		TSNode node = ts_tree_cursor_current_node(&c);
		uint16_t sym = ts_node_symbol(node), field = 0;
		bool named = ts_node_is_named(node);
		if ((fields || opaque) && named && depth > 0) {
			field = ts_tree_cursor_current_field_id(&c);
		}
		if (n < cap) {
			as_node *f = &out[n];
			f->start = ts_node_start_byte(node);
			f->end = ts_node_end_byte(node);
			f->parent = depth > 0 ? (int32_t)stack[depth-1].n : -1;
			f->after = 0;
			f->sym = sym;
			f->field = fields ? field : 0;
			f->flags = (uint8_t)(named | ts_node_is_extra(node) << 1 |
				ts_node_is_missing(node) << 2 | ts_node_has_error(node) << 3);
		}
		if (depth == stcap) {
			as_frame *grown = realloc(stack, 2 * stcap * sizeof *stack);
			if (!grown) {
				free(stack);
				ts_tree_cursor_delete(&c);
				return -1;
			}
			stack = grown;
			stcap *= 2;
		}
		stack[depth] = (as_frame){n++, sym};
		bool skip = opaque && field != 0 && field < 64 && depth > 0 &&
			stack[depth-1].sym < nopaque && (opaque[stack[depth-1].sym] >> field & 1);
		if (!skip && ts_tree_cursor_goto_first_child(&c)) {
			depth++;
			continue;
		}
		for (;;) {
			if (stack[depth].n < cap) {
				out[stack[depth].n].after = (int32_t)n;
			}
			if (ts_tree_cursor_goto_next_sibling(&c)) {
				break;
			}
			if (depth == 0 || !ts_tree_cursor_goto_parent(&c)) {
				free(stack);
				ts_tree_cursor_delete(&c);
				return n;
			}
			depth--;
		}
	}
}
*/
import "C"

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/atomic-script/atomic-script/hashline/blocks"
	sitter "github.com/smacker/go-tree-sitter"
)

// The Go Node and the C as_node must agree byte for byte.
var _ [unsafe.Sizeof(Node{}) - unsafe.Sizeof(C.as_node{})]struct{}
var _ [unsafe.Sizeof(C.as_node{}) - unsafe.Sizeof(Node{})]struct{}

// grammar is a language's C grammar and its idle parsers.
type grammar struct {
	ptr  *C.TSLanguage
	lang *sitter.Language

	mu   sync.Mutex
	idle []*cparser
}

// cparser is one C parser with its cancellation flag (C memory, which the
// parser polls and a context's AfterFunc sets).
type cparser struct {
	p    *C.TSParser
	flag *C.size_t
}

// maxIdle bounds the parsers a language keeps for reuse.
const maxIdle = 16

// parseTimeout bounds one parse (microseconds), whatever the context says.
const parseTimeout = 20_000_000

func (g *grammar) get() *cparser {
	g.mu.Lock()
	if n := len(g.idle); n > 0 {
		p := g.idle[n-1]
		g.idle = g.idle[:n-1]
		g.mu.Unlock()
		return p
	}
	g.mu.Unlock()
	p := &cparser{p: C.ts_parser_new(), flag: (*C.size_t)(C.calloc(1, C.size_t(unsafe.Sizeof(C.size_t(0)))))}
	C.ts_parser_set_language(p.p, g.ptr)
	C.ts_parser_set_timeout_micros(p.p, parseTimeout)
	C.ts_parser_set_cancellation_flag(p.p, p.flag)
	return p
}

func (g *grammar) put(p *cparser) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.idle) < maxIdle {
		g.idle = append(g.idle, p)
		return
	}
	C.ts_parser_delete(p.p)
	C.free(unsafe.Pointer(p.flag))
}

var languages = sync.OnceValue(func() map[string]*Language {
	out := map[string]*Language{}
	for _, name := range Names {
		sl := blocks.Grammar(name)
		if sl == nil {
			continue
		}
		// sitter.Language is struct{ ptr unsafe.Pointer }: its one field is
		// the C grammar (TestLanguagePointer parses through both).
		ptr := (*C.TSLanguage)(*(*unsafe.Pointer)(unsafe.Pointer(sl)))
		g := &grammar{ptr: ptr, lang: sl}
		out[name] = newLanguage(name, int(C.ts_language_symbol_count(ptr)),
			func(s uint16) (string, bool) {
				return C.GoString(C.ts_language_symbol_name(ptr, C.uint16_t(s))), C.ts_language_symbol_type(ptr, C.uint16_t(s)) == 0
			},
			int(C.ts_language_field_count(ptr)),
			func(f uint16) string { return C.GoString(C.ts_language_field_name_for_id(ptr, C.uint16_t(f))) }, g)
	}
	return out
})

func lookup(name string) *Language { return languages()[name] }

// Grammar is l's go-tree-sitter grammar (for queries).
func (l *Language) Grammar() *sitter.Language { return l.g.lang }

// Parser parses with reused buffers. It is not safe for concurrent use:
// give each worker its own. A tree it returns is valid until its next
// Parse.
type Parser struct {
	buf []Node
}

// Parse parses src as lang. It stops when ctx ends or after 20 s, with an
// error.
func (p *Parser) Parse(ctx context.Context, lang *Language, src []byte, opts Options) (*Tree, error) {
	tree, err := parse(ctx, lang, src)
	if err != nil {
		return nil, err
	}
	defer C.ts_tree_delete(tree)
	if want := len(src)/2 + 64; cap(p.buf) < want {
		p.buf = make([]Node, want)
	}
	opaque := lang.opaque(opts.Opaque)
	var opaquePtr *C.uint64_t
	if opaque != nil {
		opaquePtr = (*C.uint64_t)(unsafe.Pointer(unsafe.SliceData(opaque)))
	}
	for {
		buf := p.buf[:cap(p.buf)]
		n := int64(C.as_flatten(tree, (*C.as_node)(unsafe.Pointer(unsafe.SliceData(buf))), C.int64_t(len(buf)), C.bool(opts.Fields),
			opaquePtr, C.uint32_t(len(opaque))))
		if n < 0 {
			return nil, fmt.Errorf("out of memory flattening a %s tree", lang.Name)
		}
		if int(n) <= len(buf) {
			t := &Tree{Lang: lang, Src: src, Nodes: buf[:n]}
			t.trimSpans()
			return t, nil
		}
		p.buf = make([]Node, n+n/4)
	}
}

// parse runs tree-sitter over src with one of lang's idle parsers; the
// caller deletes the tree.
func parse(ctx context.Context, lang *Language, src []byte) (*C.TSTree, error) {
	if lang == nil || lang.g == nil {
		return nil, ErrNoGrammar
	}
	if len(src) > 1<<31-1 {
		return nil, fmt.Errorf("%s source of %d bytes is too large to parse", lang.Name, len(src))
	}
	cp := lang.g.get()
	defer lang.g.put(cp)
	*cp.flag = 0
	if ctx.Done() != nil {
		flag := (*uintptr)(unsafe.Pointer(cp.flag))
		stop := context.AfterFunc(ctx, func() { atomic.StoreUintptr(flag, 1) })
		defer stop()
	}
	var data *C.char
	if len(src) > 0 {
		data = (*C.char)(unsafe.Pointer(unsafe.SliceData(src)))
	}
	tree := C.ts_parser_parse_string(cp.p, nil, data, C.uint32_t(len(src)))
	if tree == nil {
		C.ts_parser_reset(cp.p)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("parsing %s stopped after %d s", lang.Name, parseTimeout/1_000_000)
	}
	return tree, nil
}

// deleteTree frees a tree parse made (for tests, which cannot use C).
func deleteTree(t *C.TSTree) { C.ts_tree_delete(t) }
