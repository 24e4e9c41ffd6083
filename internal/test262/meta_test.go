package test262

import (
	"strings"
)

// meta is what a test's frontmatter (/*--- ... ---*/) says the runner
// needs: the harness files to load, its flags and features, and for a
// negative test the phase and type of the expected error.
type meta struct {
	includes, flags, features []string
	negPhase, negType         string
}

func (m meta) has(flag string) bool {
	for _, f := range m.flags {
		if f == flag {
			return true
		}
	}
	return false
}

// parseMeta reads the frontmatter's includes, flags, features and negative
// fields, in either list form ("[a, b]" or "- a" lines).
func parseMeta(src string) meta {
	var m meta
	start := strings.Index(src, "/*---")
	end := strings.Index(src, "---*/")
	if start < 0 || end < start {
		return m
	}
	lines := strings.Split(src[start+5:end], "\n")
	var list *[]string
	inNegative := false
	for _, raw := range lines {
		line := strings.TrimRight(raw, " \r\t")
		trimmed := strings.TrimSpace(line)
		indented := len(line) > 0 && (line[0] == ' ' || line[0] == '\t')
		switch {
		case list != nil && indented && strings.HasPrefix(trimmed, "- "):
			*list = append(*list, strings.TrimSpace(strings.TrimPrefix(trimmed, "- ")))
			continue
		case inNegative && indented:
			if k, v, ok := strings.Cut(trimmed, ":"); ok {
				switch strings.TrimSpace(k) {
				case "phase":
					m.negPhase = strings.TrimSpace(v)
				case "type":
					m.negType = strings.TrimSpace(v)
				}
			}
			continue
		}
		list, inNegative = nil, false
		k, v, ok := strings.Cut(trimmed, ":")
		if !ok || indented {
			continue
		}
		v = strings.TrimSpace(v)
		var target *[]string
		switch k {
		case "includes":
			target = &m.includes
		case "flags":
			target = &m.flags
		case "features":
			target = &m.features
		case "negative":
			inNegative = true
			continue
		default:
			continue
		}
		if strings.HasPrefix(v, "[") {
			for _, item := range strings.Split(strings.Trim(v, "[]"), ",") {
				if item = strings.TrimSpace(item); item != "" {
					*target = append(*target, item)
				}
			}
			continue
		}
		list = target
	}
	return m
}
