package webapi

import (
	"encoding/json"
	"strings"
)

// pathOp runs one function of the script's `path` global, which follows
// Node's path.posix exactly (the shim checks the argument types first);
// resolve and relative resolve relative paths against workDir.
func pathOp(workDir, name string, a []string) (string, error) {
	switch name {
	case "normalize":
		return pathNormalize(arg(a, 0)), nil
	case "join":
		return pathJoin(a), nil
	case "resolve":
		return pathResolve(workDir, a), nil
	case "relative":
		return pathRelative(workDir, arg(a, 0), arg(a, 1)), nil
	case "dirname":
		return pathDirname(arg(a, 0)), nil
	case "basename":
		return pathBasename(arg(a, 0), arg(a, 1), len(a) > 1), nil
	case "extname":
		return pathExtname(arg(a, 0)), nil
	case "parse":
		b, _ := json.Marshal(pathParse(arg(a, 0)))
		return string(b), nil
	}
	return "", typeError("path.%s is not a function", name)
}

// normalizeSegments resolves "." and ".." in p and drops empty segments;
// with aboveRoot a ".." that has nothing to remove is kept (a relative
// path), else it is dropped (at the root).
func normalizeSegments(p string, aboveRoot bool) string {
	var out []string
	for seg := range strings.SplitSeq(p, "/") {
		switch seg {
		case "", ".":
		case "..":
			if len(out) > 0 && out[len(out)-1] != ".." {
				out = out[:len(out)-1]
			} else if aboveRoot {
				out = append(out, "..")
			}
		default:
			out = append(out, seg)
		}
	}
	return strings.Join(out, "/")
}

func pathNormalize(p string) string {
	if p == "" {
		return "."
	}
	abs := p[0] == '/'
	trailing := p[len(p)-1] == '/'
	p = normalizeSegments(p, !abs)
	if p == "" {
		if abs {
			return "/"
		}
		if trailing {
			return "./"
		}
		return "."
	}
	if trailing {
		p += "/"
	}
	if abs {
		return "/" + p
	}
	return p
}

func pathJoin(parts []string) string {
	var nonEmpty []string
	for _, s := range parts {
		if s != "" {
			nonEmpty = append(nonEmpty, s)
		}
	}
	if len(nonEmpty) == 0 {
		return "."
	}
	return pathNormalize(strings.Join(nonEmpty, "/"))
}

func pathResolve(workDir string, parts []string) string {
	resolved, abs := "", false
	for i := len(parts) - 1; i >= -1 && !abs; i-- {
		p := workDir
		if i >= 0 {
			p = parts[i]
		}
		if p == "" {
			continue
		}
		resolved = p + "/" + resolved
		abs = p[0] == '/'
	}
	resolved = normalizeSegments(resolved, !abs)
	if abs {
		return "/" + resolved
	}
	if resolved == "" {
		return "."
	}
	return resolved
}

func pathRelative(workDir, from, to string) string {
	if from == to {
		return ""
	}
	from, to = pathResolve(workDir, []string{from}), pathResolve(workDir, []string{to})
	if from == to {
		return ""
	}
	split := func(p string) []string {
		if p == "/" {
			return nil
		}
		return strings.Split(p[1:], "/")
	}
	f, t := split(from), split(to)
	k := 0
	for k < len(f) && k < len(t) && f[k] == t[k] {
		k++
	}
	out := make([]string, 0, len(f)-k+len(t)-k)
	for range f[k:] {
		out = append(out, "..")
	}
	return strings.Join(append(out, t[k:]...), "/")
}

func pathDirname(p string) string {
	if p == "" {
		return "."
	}
	hasRoot := p[0] == '/'
	end := -1
	matchedSlash := true
	for i := len(p) - 1; i >= 1; i-- {
		if p[i] == '/' {
			if !matchedSlash {
				end = i
				break
			}
		} else {
			matchedSlash = false
		}
	}
	switch {
	case end == -1 && hasRoot:
		return "/"
	case end == -1:
		return "."
	case hasRoot && end == 1:
		return "//"
	}
	return p[:end]
}

// pathBasename is Node's posix basename, including its treatment of a
// suffix that is the whole last segment (kept) and of trailing slashes.
func pathBasename(p, suffix string, hasSuffix bool) string {
	start, end := 0, -1
	matchedSlash := true
	if hasSuffix && suffix != "" && len(suffix) <= len(p) {
		if suffix == p {
			return ""
		}
		extIdx := len(suffix) - 1
		firstNonSlashEnd := -1
		for i := len(p) - 1; i >= 0; i-- {
			c := p[i]
			if c == '/' {
				if !matchedSlash {
					start = i + 1
					break
				}
				continue
			}
			if firstNonSlashEnd == -1 {
				matchedSlash = false
				firstNonSlashEnd = i + 1
			}
			if extIdx >= 0 {
				if c == suffix[extIdx] {
					extIdx--
					if extIdx == -1 {
						end = i
					}
				} else {
					extIdx = -1
					end = firstNonSlashEnd
				}
			}
		}
		if start == end {
			end = firstNonSlashEnd
		} else if end == -1 {
			end = len(p)
		}
		return p[start:end]
	}
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '/' {
			if !matchedSlash {
				start = i + 1
				break
			}
		} else if end == -1 {
			matchedSlash = false
			end = i + 1
		}
	}
	if end == -1 {
		return ""
	}
	return p[start:end]
}

// parsedPath is path.parse's result.
type parsedPath struct {
	Root string `json:"root"`
	Dir  string `json:"dir"`
	Base string `json:"base"`
	Ext  string `json:"ext"`
	Name string `json:"name"`
}

// lastPart finds, in p from index from on, the last segment: where it
// starts, where it ends (-1: none), and where its extension's dot is (-1:
// none; a leading dot, as in ".bashrc", is not an extension).
func lastPart(p string, from int) (startPart, startDot, end int) {
	startDot, end = -1, -1
	matchedSlash := true
	preDotState := 0
	for i := len(p) - 1; i >= from; i-- {
		c := p[i]
		if c == '/' {
			if !matchedSlash {
				startPart = i + 1
				break
			}
			continue
		}
		if end == -1 {
			matchedSlash = false
			end = i + 1
		}
		if c == '.' {
			if startDot == -1 {
				startDot = i
			} else if preDotState != 1 {
				preDotState = 1
			}
		} else if startDot != -1 {
			preDotState = -1
		}
	}
	if startDot != -1 && (preDotState == 0 || preDotState == 1 && startDot == end-1 && startDot == startPart+1) {
		startDot = -1
	}
	return startPart, startDot, end
}

func pathExtname(p string) string {
	_, dot, end := lastPart(p, 0)
	if dot == -1 || end == -1 {
		return ""
	}
	return p[dot:end]
}

func pathParse(p string) parsedPath {
	var r parsedPath
	if p == "" {
		return r
	}
	abs := p[0] == '/'
	from := 0
	if abs {
		r.Root, from = "/", 1
	}
	startPart, dot, end := lastPart(p, from)
	if end != -1 {
		start := startPart
		if startPart == 0 && abs {
			start = 1
		}
		r.Base, r.Name = p[start:end], p[start:end]
		if dot != -1 {
			r.Name, r.Ext = p[start:dot], p[dot:end]
		}
	}
	switch {
	case startPart > 0:
		r.Dir = p[:startPart-1]
	case abs:
		r.Dir = "/"
	}
	return r
}
