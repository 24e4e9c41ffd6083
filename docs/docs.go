// Package docs carries the reference pages (docs/*.md) inside the binary,
// so `atomic-script help TOPIC` prints the very text the repository shows.
package docs

import (
	"embed"
	"sort"
	"strings"
)

//go:embed *.md
var pages embed.FS

// Topic is one reference page: Name is what `atomic-script help` takes
// (the file name without .md), Title its first heading.
type Topic struct {
	Name  string
	Title string
}

// Topics lists every page, sorted by name.
func Topics() []Topic {
	entries, _ := pages.ReadDir(".")
	var ts []Topic
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".md")
		if !ok {
			continue
		}
		text, _ := Page(name)
		first, _, _ := strings.Cut(text, "\n")
		ts = append(ts, Topic{Name: name, Title: strings.TrimSpace(strings.TrimPrefix(first, "#"))})
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i].Name < ts[j].Name })
	return ts
}

// Page returns the Markdown text of the page called name, and whether
// there is one.
func Page(name string) (string, bool) {
	if name == "" || strings.ContainsAny(name, "/\\.") {
		return "", false
	}
	b, err := pages.ReadFile(name + ".md")
	if err != nil {
		return "", false
	}
	return string(b), true
}
