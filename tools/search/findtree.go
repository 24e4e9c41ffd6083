package search

import (
	"slices"
	"strings"
)

// treeNode is a directory in find's output tree.
type treeNode struct {
	entries  []string // file names; matched directories end in '/'
	children map[string]*treeNode
}

func (n *treeNode) child(name string) *treeNode {
	if n.children == nil {
		n.children = map[string]*treeNode{}
	}
	c := n.children[name]
	if c == nil {
		c = &treeNode{}
		n.children[name] = c
	}
	return c
}

// renderTree renders '/'-separated relative paths (directories ending in
// '/') as find's tree: the files of the top level sorted by name, then each
// directory as a "# dir/" header ("##" one level deeper) followed by its
// files, with chains of directories that hold nothing but one directory
// collapsed into one header ("# src/tests/"). A matched directory that also
// holds results appears only as its header. A blank line precedes each
// header.
func renderTree(paths []string) string {
	root := &treeNode{}
	for _, p := range paths {
		dir := strings.HasSuffix(p, "/")
		p = strings.TrimSuffix(p, "/")
		comps := splitDisplayPath(p)
		n := root
		for _, c := range comps[:len(comps)-1] {
			n = n.child(c)
		}
		name := comps[len(comps)-1]
		if dir {
			name += "/"
		}
		n.entries = append(n.entries, name)
	}
	dropShadowedDirs(root)
	var b strings.Builder
	writeTree(&b, root, 0)
	return b.String()
}

// dropShadowedDirs removes matched-directory entries that also have a
// header because results lie inside them.
func dropShadowedDirs(n *treeNode) {
	kept := n.entries[:0]
	for _, e := range n.entries {
		if !strings.HasSuffix(e, "/") || n.children[strings.TrimSuffix(e, "/")] == nil {
			kept = append(kept, e)
		}
	}
	n.entries = kept
	for _, c := range n.children {
		dropShadowedDirs(c)
	}
}

// splitDisplayPath splits p into components; an absolute path keeps "/" as
// its first component.
func splitDisplayPath(p string) []string {
	if strings.HasPrefix(p, "/") {
		return append([]string{"/"}, strings.Split(strings.TrimLeft(p, "/"), "/")...)
	}
	return strings.Split(p, "/")
}

func joinComp(dir, name string) string {
	if dir == "" {
		return name
	}
	if dir == "/" {
		return "/" + name
	}
	return dir + "/" + name
}

func writeTree(b *strings.Builder, n *treeNode, depth int) {
	slices.Sort(n.entries)
	for _, e := range slices.Compact(n.entries) {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e)
	}
	names := make([]string, 0, len(n.children))
	for name := range n.children {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		c, path := n.children[name], name
		for len(c.entries) == 0 && len(c.children) == 1 {
			for next, cc := range c.children {
				path, c = joinComp(path, next), cc
			}
		}
		if b.Len() > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString(strings.Repeat("#", depth+1))
		b.WriteByte(' ')
		if path != "/" {
			path += "/"
		}
		b.WriteString(path)
		writeTree(b, c, depth+1)
	}
}
