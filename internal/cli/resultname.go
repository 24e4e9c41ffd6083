package cli

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// A fleet names each repository's result file after the repository, so
// `aggregate --expect` can tell which repositories left none. The name is
// an injective encoding of the repository's key: two repositories never
// share a file (acme/data_pipeline and acme_data/pipeline stay apart), and
// the file name decodes back to the key for display.

// repoKey is the identity of a repository as a fan-out lists it: a clone
// URL loses its scheme, credentials and ".git" (https://x@github.com/acme/api.git
// and git@github.com:acme/api are both github.com/acme/api); an owner/name
// or a path stays as written, less "./" and trailing slashes.
func repoKey(spec string) string {
	s := strings.TrimSpace(spec)
	if u, err := url.Parse(s); err == nil && u.Scheme != "" && (u.Host != "" || u.Scheme == "file") {
		s = u.Host + u.Path
	} else if at, rest, ok := strings.Cut(s, "@"); ok && !strings.ContainsAny(at, "/:") {
		// scp-like git@host:owner/name
		if host, path, ok := strings.Cut(rest, ":"); ok && !strings.Contains(host, "/") {
			s = host + "/" + strings.TrimPrefix(path, "/")
		}
	}
	for strings.HasPrefix(s, "./") {
		s = s[2:]
	}
	s = strings.TrimRight(s, "/")
	s = strings.TrimSuffix(s, ".git")
	return strings.TrimRight(s, "/")
}

// maxResultName bounds a result file's name (file systems allow 255 bytes;
// ".stderr" and a temp file's prefix and suffix come on top).
const maxResultName = 180

// resultName is the file name (without .json) of key's result: every byte
// outside [A-Za-z0-9._-] and every "%" percent-encoded, a leading "."
// too (no hidden files). A name longer than maxResultName keeps its head
// and ends in a hash of the whole key, which keeps it unique.
func resultName(key string) string {
	var b strings.Builder
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_', c == '.' && i > 0:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	name := b.String()
	if name == "" {
		return "%00"
	}
	if len(name) <= maxResultName {
		return name
	}
	sum := sha256.Sum256([]byte(key))
	head := name[:maxResultName-18]
	if i := strings.LastIndexByte(head[max(0, len(head)-2):], '%'); i >= 0 {
		head = head[:len(head)-2+i] // do not cut an escape in two
	}
	return head + "~" + hex.EncodeToString(sum[:8])
}

// displayName is a result file's name as the repository it stands for
// (the encoding undone); a name that is not an encoding stays as it is.
func displayName(name string) string {
	if !strings.Contains(name, "%") {
		return name
	}
	if s, err := url.PathUnescape(name); err == nil {
		return s
	}
	return name
}

// readRepoList reads a list of repositories: a JSON array of strings (as
// a GitHub matrix takes it), or one a line with blank lines and # comments
// skipped (repos.txt). "-" reads stdin.
func readRepoList(path string, stdin io.Reader) ([]string, error) {
	var data []byte
	var err error
	if path == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(path)
	}
	if err != nil {
		return nil, err
	}
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '[' {
		var list []string
		if err := json.Unmarshal(t, &list); err != nil {
			return nil, fmt.Errorf("%s starts like a JSON list but is not a list of strings: %v", path, err)
		}
		return list, nil
	}
	var list []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			list = append(list, line)
		}
	}
	return list, sc.Err()
}

// cmdResultName prints the result file name (without .json) of each
// repository: the one name recipes and `aggregate --expect` agree on.
func cmdResultName(args []string, stdio Stdio) error {
	cmd := newCommand("result-name", "atomic-script result-name REPOSITORY... (owner/name, a clone URL or a path)", 1, -1)
	pos, _, err := cmd.parse(args, stdio.Out)
	if err != nil {
		return err
	}
	for _, p := range pos {
		k := repoKey(p)
		if k == "" {
			return usagef("result-name: %q names no repository", p)
		}
		fmt.Fprintln(stdio.Out, resultName(k))
	}
	return nil
}

// repoName is the repository's name in reports and the result's
// invocation: --name, else the URL of the work tree's git remote
// "origin" as a repository key (host/owner/name, credentials dropped),
// else the workspace directory's name. Git's config is read, never run.
func (f *runFlags) repoName(root string) string {
	if f.name != "" {
		return f.name
	}
	if u := originURL(root); u != "" {
		if k := repoKey(u); k != "" {
			return k
		}
	}
	return filepath.Base(root)
}

// originURL is the URL of remote "origin" in the config of the git
// repository holding dir ("" when there is none): .git a directory, or a
// file pointing to a worktree's git directory (its commondir holds the
// config).
func originURL(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		gitDir := filepath.Join(d, ".git")
		if st, err := os.Stat(gitDir); err == nil {
			if !st.IsDir() {
				data, err := os.ReadFile(gitDir)
				target, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir:")
				if err != nil || !ok {
					return ""
				}
				gitDir = strings.TrimSpace(target)
				if !filepath.IsAbs(gitDir) {
					gitDir = filepath.Join(d, gitDir)
				}
				if common, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
					c := strings.TrimSpace(string(common))
					if !filepath.IsAbs(c) {
						c = filepath.Join(gitDir, c)
					}
					gitDir = c
				}
			}
			data, err := os.ReadFile(filepath.Join(gitDir, "config"))
			if err != nil {
				return ""
			}
			return remoteURL(data, "origin")
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// remoteURL is the first url of [remote "NAME"] in a git config file.
func remoteURL(config []byte, name string) string {
	in := false
	for _, line := range strings.Split(string(config), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			sec := strings.Fields(strings.Trim(line, "[]"))
			in = len(sec) == 2 && strings.EqualFold(sec[0], "remote") && sec[1] == strconv.Quote(name)
			continue
		}
		if k, v, ok := strings.Cut(line, "="); in && ok && strings.EqualFold(strings.TrimSpace(k), "url") {
			return strings.Trim(strings.TrimSpace(v), `"`)
		}
	}
	return ""
}
