// Package archive reads and rewrites the members of zip, jar, tar,
// tar.gz/tgz and gzip archives with the standard library (archive/zip,
// archive/tar, compress/gzip). It knows nothing of the workspace: callers
// hand it the archive's bytes (or a ReaderAt) and a display name for
// messages, and write the rewritten archive themselves (through the run's
// journal).
//
// Every read is capped — per member (MaxMemberBytes) and per call in all
// (MaxScanBytes of decompressed data, a sparse member's holes included) —
// so a zip bomb fails with an error that says so instead of exhausting
// memory or burning CPU; what a Reader hands out is held against the
// process-wide tools.DecompressionBudget; and every loop stops with the
// context the Reader was opened with. A Reader is not safe for concurrent
// use.
package archive

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/atomic-script/atomic-script/tools/internal/ctxio"
	"github.com/atomic-script/atomic-script/tools/internal/units"

	"github.com/atomic-script/atomic-script/tools"
)

// Limits.
const (
	// MaxMemberBytes bounds the decompressed bytes read of one member.
	MaxMemberBytes = 16 << 20
	// MaxScanBytes bounds the decompressed bytes one Reader reads in all
	// (a tar.gz scanned for its listing, every member a search reads).
	MaxScanBytes = 1 << 30
	// MaxMembers bounds the entries of an archive read at all.
	MaxMembers = 200_000
	// MaxRewriteBytes bounds the size of an archive a write rewrites, and
	// of a compressed tar's decompressed stream: the rewrite is built in
	// memory.
	MaxRewriteBytes = 64 << 20
)

// Format is an archive format.
type Format int

// Formats, by file name.
const (
	Zip   Format = iota + 1 // .zip, .jar
	Tar                     // .tar
	TarGz                   // .tar.gz, .tgz
	Gzip                    // .gz: one compressed file
)

func (f Format) String() string {
	switch f {
	case Zip:
		return "zip"
	case Tar:
		return "tar"
	case TarGz:
		return "tar.gz"
	case Gzip:
		return "gzip"
	}
	return "unknown"
}

// FormatOf returns the format a file name's extension names.
func FormatOf(name string) (Format, bool) {
	n := strings.ToLower(name)
	switch {
	case strings.HasSuffix(n, ".tar.gz"), strings.HasSuffix(n, ".tgz"):
		return TarGz, true
	case strings.HasSuffix(n, ".gz"):
		return Gzip, true
	case strings.HasSuffix(n, ".tar"):
		return Tar, true
	case strings.HasSuffix(n, ".zip"), strings.HasSuffix(n, ".jar"):
		return Zip, true
	}
	return 0, false
}

// Member is one entry of an archive.
type Member struct {
	Name      string
	Size      int64 // uncompressed size as the archive declares it
	Mode      fs.FileMode
	Modified  time.Time
	Dir       bool
	Encrypted bool // a zip member encrypted with a password
	Link      bool // a tar symbolic or hard link (no content of its own)
}

// Reader reads one archive.
type Reader struct {
	ctx     context.Context // the call's: reads stop when it ends
	display string          // the archive as shown in messages
	format  Format
	src     io.ReaderAt
	size    int64
	members []Member
	index   map[string]int // name -> first member with it
	zip     *zip.Reader
	gzName  string // the one member of a .gz
	scanned int64  // decompressed bytes read so far
}

// Open reads the archive's directory: the central directory of a zip, the
// headers of a tar (a compressed tar is decompressed to find them), the
// name of a gzip's one member. display names the archive in messages.
func Open(ctx context.Context, src io.ReaderAt, size int64, f Format, display string) (*Reader, error) {
	r := &Reader{ctx: ctx, display: display, format: f, src: src, size: size, index: map[string]int{}}
	switch f {
	case Zip:
		zr, err := zip.NewReader(src, size)
		if err != nil {
			return nil, r.corrupt(err)
		}
		r.zip = zr
		for i, zf := range zr.File {
			if i%1024 == 0 {
				if err := r.stopped(); err != nil {
					return nil, err
				}
			}
			err := r.add(Member{
				Name: memberName(zf.Name), Size: int64(zf.UncompressedSize64), Mode: zf.Mode(), Modified: zf.Modified,
				Dir: strings.HasSuffix(zf.Name, "/"), Encrypted: zf.Flags&0x1 != 0,
			})
			if err != nil {
				return nil, err
			}
		}
	case Tar, TarGz:
		err := r.scanTar(func(h *tar.Header, _ io.Reader) (bool, error) {
			if h.Typeflag == tar.TypeXGlobalHeader {
				return false, nil
			}
			return false, r.add(Member{
				Name: memberName(strings.TrimPrefix(h.Name, "./")), Size: h.Size, Mode: h.FileInfo().Mode(), Modified: h.ModTime,
				Dir:  h.Typeflag == tar.TypeDir,
				Link: h.Typeflag == tar.TypeSymlink || h.Typeflag == tar.TypeLink,
			})
		})
		if err != nil {
			return nil, err
		}
	case Gzip:
		zr, err := gzip.NewReader(io.NewSectionReader(src, 0, size))
		if err != nil {
			return nil, r.corrupt(err)
		}
		r.gzName = memberName(gzipMemberName(zr.Name, display))
		_ = r.add(Member{Name: r.gzName, Size: -1, Mode: 0o644, Modified: zr.ModTime})
	default:
		return nil, tools.Errorf(tools.ErrInvalidArgs, "%s: unknown archive format", display)
	}
	return r, nil
}

// memberName is a member's name as the archive's readers see it: control
// characters, bidi overrides and other invisible characters written as
// escapes (tools.Visible), so a name cannot forge a "[path#TAG]" header
// or a row of its own in a listing or in search output ("x\n[a.go#1A2B]"
// is listed as `x\n[a.go#1A2B]` on one line), and that escaped name is
// the one a path argument names it by.
func memberName(raw string) string { return tools.Visible(raw) }

// gzipMemberName is the name of a .gz file's content: the name its header
// records, else the archive's own name less ".gz".
func gzipMemberName(header, archive string) string {
	if header != "" {
		return path.Base(strings.ReplaceAll(header, "\\", "/"))
	}
	base := path.Base(archive)
	if i := strings.LastIndex(strings.ToLower(base), ".gz"); i > 0 {
		return base[:i]
	}
	return base
}

func (r *Reader) add(m Member) error {
	if len(r.members) == MaxMembers {
		return tools.Errorf(tools.ErrLimit, "%s has more than %d members; list or extract it with bash (unzip -l, tar -t)", r.display, MaxMembers)
	}
	if _, ok := r.index[m.Name]; !ok {
		r.index[m.Name] = len(r.members)
	}
	r.members = append(r.members, m)
	return nil
}

// Format is the archive's format.
func (r *Reader) Format() Format { return r.format }

// Members lists the archive's entries in archive order.
func (r *Reader) Members() []Member { return r.members }

// Has reports whether the archive holds a member named name.
func (r *Reader) Has(name string) bool { _, ok := r.index[name]; return ok }

// Member returns the member named name.
func (r *Reader) Member(name string) (Member, bool) {
	i, ok := r.index[name]
	if !ok {
		return Member{}, false
	}
	return r.members[i], true
}

// Under reports whether some member lies below directory dir ("docs/").
func (r *Reader) Under(dir string) bool {
	for _, m := range r.members {
		if strings.HasPrefix(m.Name, dir) && m.Name != dir {
			return true
		}
	}
	return false
}

// Read returns the content of member name, at most MaxMemberBytes
// decompressed.
func (r *Reader) Read(name string) ([]byte, error) {
	m, ok := r.Member(name)
	if !ok {
		return nil, r.NotFound(name)
	}
	if err := r.readable(m); err != nil {
		return nil, err
	}
	switch r.format {
	case Zip:
		return r.readZip(r.zip.File[r.index[name]], m)
	case Gzip:
		zr, err := gzip.NewReader(io.NewSectionReader(r.src, 0, r.size))
		if err != nil {
			return nil, r.corrupt(err)
		}
		return r.capped(m.Name, zr, 0)
	}
	var data []byte
	found := false
	err := r.scanTar(func(h *tar.Header, tr io.Reader) (bool, error) {
		if memberName(strings.TrimPrefix(h.Name, "./")) != name {
			return false, nil
		}
		b, err := r.capped(name, tr, h.Size)
		data, found = b, true
		return true, err
	})
	if err == nil && !found {
		err = r.NotFound(name)
	}
	return data, err
}

// Each calls fn with every regular member's content in archive order
// (MaxMemberBytes each at most; a larger member is passed with a nil
// content and its error), until fn returns false. The scan as a whole
// stops at MaxScanBytes of decompressed data.
func (r *Reader) Each(fn func(m Member, data []byte, err error) bool) error {
	switch r.format {
	case Zip:
		for i, zf := range r.zip.File {
			if err := r.stopped(); err != nil {
				return err
			}
			m := r.members[i]
			if m.Dir {
				continue
			}
			if r.index[m.Name] != i {
				continue // a duplicate name: the first one is the member
			}
			var data []byte
			err := r.readable(m)
			if err == nil {
				data, err = r.readZip(zf, m)
			}
			if errors.Is(err, tools.ErrOverBudget) {
				return err // the call as a whole is over its budget
			}
			if r.scanned >= scanBudget {
				return r.scanLimit()
			}
			if err := r.stopped(); err != nil {
				return err
			}
			if !fn(m, data, err) {
				return nil
			}
		}
		return nil
	case Gzip:
		data, err := r.Read(r.gzName)
		fn(r.members[0], data, err)
		return nil
	}
	return r.scanTar(func(h *tar.Header, tr io.Reader) (bool, error) {
		if h.Typeflag != tar.TypeReg {
			return false, nil
		}
		name := memberName(strings.TrimPrefix(h.Name, "./"))
		m, _ := r.Member(name)
		data, err := r.capped(name, tr, h.Size)
		if err := r.stopped(); err != nil {
			return true, err
		}
		if errors.Is(err, tools.ErrOverBudget) {
			return true, err
		}
		if r.scanned >= scanBudget {
			return true, r.scanLimit() // the scan as a whole ends here
		}
		return !fn(m, data, err), nil
	})
}

func (r *Reader) readZip(zf *zip.File, m Member) ([]byte, error) {
	if m.Size > MaxMemberBytes {
		return nil, r.memberLimit(m.Name, m.Size)
	}
	rc, err := zf.Open()
	if err != nil {
		if errors.Is(err, zip.ErrAlgorithm) {
			return nil, tools.Errorf(tools.ErrInvalidArgs, "%s:%s uses compression method %d, which is not supported (only stored and deflated members are). Extract it with bash (unzip -p %s %s)", r.display, m.Name, zf.Method, shellQuote(r.display), shellQuote(m.Name))
		}
		return nil, r.corrupt(err)
	}
	defer rc.Close()
	return r.capped(m.Name, rc, m.Size)
}

// readable refuses members that have no readable content.
func (r *Reader) readable(m Member) error {
	switch {
	case m.Dir:
		return tools.Errorf(tools.ErrInvalidArgs, "%s:%s is a directory in the archive; read %s:%s to list it, or name a file in it", r.display, m.Name, r.display, m.Name)
	case m.Encrypted:
		return tools.Errorf(tools.ErrNotAllowed, "%s:%s is encrypted; atomic-script does not decrypt archive members. Extract it with bash (unzip -P PASSWORD -p %s %s) if you have the password", r.display, m.Name, shellQuote(r.display), shellQuote(m.Name))
	case m.Link:
		return tools.Errorf(tools.ErrInvalidArgs, "%s:%s is a link inside the archive, with no content of its own; read the member it points to", r.display, m.Name)
	}
	return nil
}

// capped reads src (of declared size, 0 when unknown) to the end, failing
// past MaxMemberBytes or the scan budget with a limit error. The bytes a member yields beyond what was
// decompressed to get them — the holes of a sparse tar member, which the
// tar reader expands to zeros — count against the scan budget too, and
// what it returns is held against the process's decompression budget.
func (r *Reader) capped(name string, src io.Reader, size int64) ([]byte, error) {
	left := scanBudget - r.scanned
	if left <= 0 {
		return nil, r.scanLimit()
	}
	before := r.scanned
	limit := min(MaxMemberBytes, left)
	// The buffer is held against the decompression budget before it is
	// filled (concurrent calls must not all allocate first), sized by the
	// declared size when there is one: growing it by doubling would make
	// as much garbage again.
	want := limit
	if size > 0 {
		want = min(size, limit)
	}
	reserved := want + bytes.MinRead + 1
	if err := tools.Hold(r.ctx, reserved, r.display+":"+name); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	buf.Grow(int(reserved))
	_, err := buf.ReadFrom(io.LimitReader(ctxio.Reader{Ctx: r.ctx, R: src}, limit+1))
	data := buf.Bytes()
	if extra := int64(len(data)) - (r.scanned - before); extra > 0 {
		r.scanned += extra
	}
	fail := func(e error) ([]byte, error) {
		tools.Release(r.ctx, reserved)
		return nil, e
	}
	switch {
	case r.ctx.Err() != nil:
		return fail(r.stopped())
	case len(data) > MaxMemberBytes:
		return fail(r.memberLimit(name, -1))
	case r.scanned > scanBudget:
		return fail(r.scanLimit())
	case err != nil:
		return fail(r.corrupt(err))
	}
	if grown := int64(buf.Cap()) - reserved; grown > 0 {
		if err := tools.Hold(r.ctx, grown, r.display+":"+name); err != nil {
			return fail(err)
		}
	} else {
		tools.Release(r.ctx, -grown)
	}
	return data, nil
}

// stopped is the error of a read whose call ended (cancelled, or past
// its deadline); nil while it goes on.
func (r *Reader) stopped() error {
	if err := r.ctx.Err(); err != nil {
		return tools.Errorf(tools.CodeOf(err), "%s: reading the archive stopped: %v", r.display, err)
	}
	return nil
}

// scanTar walks a tar's headers, decompressing a tar.gz on the way; visit
// may read the entry's content from tr and stop the walk. The walk fails
// past MaxScanBytes of decompressed data.
func (r *Reader) scanTar(visit func(h *tar.Header, tr io.Reader) (stop bool, err error)) error {
	var src io.Reader = io.NewSectionReader(r.src, 0, r.size)
	if r.format == TarGz {
		zr, err := gzip.NewReader(src)
		if err != nil {
			return r.corrupt(err)
		}
		defer zr.Close()
		src = zr
	}
	// Every byte the tar reader pulls (headers, skipped content) counts.
	src = &budgetReader{r: src, left: scanBudget - r.scanned, total: &r.scanned}
	tr := tar.NewReader(ctxio.Reader{Ctx: r.ctx, R: src})
	for {
		if err := r.stopped(); err != nil {
			return err
		}
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			if errors.Is(err, errScanBudget) {
				return r.scanLimit()
			}
			if r.ctx.Err() != nil {
				return r.stopped()
			}
			return r.corrupt(err)
		}
		stop, err := visit(h, tr)
		if err != nil || stop {
			if errors.Is(err, errScanBudget) {
				return r.scanLimit()
			}
			return err
		}
	}
}

var errScanBudget = errors.New("decompressed data past the scan budget")

// scanBudget is MaxScanBytes; tests lower it.
var scanBudget int64 = MaxScanBytes

// budgetReader fails once more than left bytes have been read.
type budgetReader struct {
	r     io.Reader
	left  int64
	total *int64
}

func (b *budgetReader) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, errScanBudget
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	*b.total += int64(n)
	return n, err
}

// NotFound is the error for a member the archive does not hold, naming
// near matches.
func (r *Reader) NotFound(name string) error {
	var near []string
	base := path.Base(name)
	for _, m := range r.members {
		if !m.Dir && (path.Base(m.Name) == base || strings.EqualFold(m.Name, name)) {
			near = append(near, m.Name)
		}
		if len(near) == 5 {
			break
		}
	}
	hint := fmt.Sprintf("read %s to list its %d members", r.display, len(r.members))
	if len(near) > 0 {
		hint = "did you mean " + strings.Join(near, ", ") + "? Or " + hint
	}
	return tools.Errorf(tools.ErrNotFound, "%s has no member %q; %s", r.display, name, hint)
}

func (r *Reader) corrupt(err error) error {
	what := "a valid " + r.format.String() + " archive"
	if r.format == Gzip {
		what = "valid gzip data"
	}
	return &tools.Error{Code: tools.ErrInvalidArgs, Msg: fmt.Sprintf("%s is not %s (%v); check it with bash (file %s)", r.display, what, err, shellQuote(r.display)), Err: err}
}

func (r *Reader) memberLimit(name string, declared int64) error {
	size := "expands past"
	if declared >= 0 {
		size = fmt.Sprintf("declares %s, more than", units.Size(declared))
	}
	return tools.Errorf(tools.ErrLimit, "%s:%s %s the %s a member may hold when read (a zip bomb, or a member too large to read here). Extract it with bash if you trust the archive", r.display, name, size, units.Size(MaxMemberBytes))
}

func (r *Reader) scanLimit() error {
	return tools.Errorf(tools.ErrLimit, "%s: stopped at the scan budget of a call, %s of decompressed data (sparse holes included): a zip bomb, or an archive too large to read here. Extract it with bash if you trust it", r.display, units.Size(scanBudget))
}

// CheckText refuses content that is not UTF-8 text: a NUL byte anywhere
// (binary: text with a binary tail is not shown as text) or an invalid
// UTF-8 sequence, naming where.
func CheckText(display string, data []byte) error {
	if bytes.IndexByte(data, 0) >= 0 {
		return tools.Errorf(tools.ErrBinary, "%s is binary (%s); it has no text lines to show. Extract it with bash to inspect it", display, units.Size(int64(len(data))))
	}
	if utf8.Valid(data) {
		return nil
	}
	line, col := 1, 1
	for i := 0; i < len(data); {
		c, size := utf8.DecodeRune(data[i:])
		if c == utf8.RuneError && size == 1 {
			return tools.Errorf(tools.ErrBinary, "%s is not UTF-8 text: byte 0x%02X at line %d, column %d is not valid UTF-8. Convert it with bash (iconv -f latin1 -t utf-8) after extracting it", display, data[i], line, col)
		}
		if c == '\n' {
			line, col = line+1, 0
		}
		col++
		i += size
	}
	return nil
}

// CheckMemberPath refuses a member name a write may not create: empty, a
// directory (ending in '/'), absolute, or climbing out with "..".
func CheckMemberPath(name string) error {
	switch {
	case name == "":
		return tools.Errorf(tools.ErrInvalidArgs, "the member name is empty; write to ARCHIVE:dir/name.txt")
	case strings.HasSuffix(name, "/"):
		return tools.Errorf(tools.ErrInvalidArgs, "%q names a directory in the archive; write to a file member (ARCHIVE:%sname.txt)", name, name)
	case tools.Visible(name) != name:
		return tools.Errorf(tools.ErrInvalidArgs, "member %q holds control or invisible characters (%s); write it under a name without them", name, tools.Visible(name))
	case strings.HasPrefix(name, "/") || strings.Contains(name, "\\") || (len(name) > 1 && name[1] == ':'):
		return tools.Errorf(tools.ErrInvalidArgs, "member %q is not a relative path with '/' separators; members are written as dir/name.txt", name)
	}
	for _, seg := range strings.Split(name, "/") {
		switch seg {
		case "..":
			return tools.Errorf(tools.ErrInvalidArgs, "member %q climbs out of the archive (..); member paths stay inside it", name)
		case "", ".":
			return tools.Errorf(tools.ErrInvalidArgs, "member %q has an empty or '.' path segment; write it as a clean relative path", name)
		}
	}
	return nil
}

// Dirs returns the immediate children of directory dir ("" for the root)
// in name order: files with their members, subdirectories as names ending
// in '/'.
func (r *Reader) Dirs(dir string) (files []Member, subdirs []string) {
	seen := map[string]bool{}
	for _, m := range r.members {
		if !strings.HasPrefix(m.Name, dir) || m.Name == dir {
			continue
		}
		rest := m.Name[len(dir):]
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			if d := rest[:i+1]; !seen[d] {
				seen[d] = true
				subdirs = append(subdirs, d)
			}
			continue
		}
		files = append(files, m)
	}
	sort.Strings(subdirs)
	sort.Slice(files, func(i, j int) bool { return files[i].Name < files[j].Name })
	return files, subdirs
}

func shellQuote(p string) string {
	if p != "" && strings.Trim(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./+@%=:,") == "" {
		return p
	}
	return "'" + strings.ReplaceAll(p, "'", `'\''`) + "'"
}
