package archive

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/atomic-script/atomic-script/tools"
)

// Zip record signatures and sizes (APPNOTE.TXT).
const (
	sigLocal   = 0x04034b50
	sigCentral = 0x02014b50
	sigEnd     = 0x06054b50
	sigEnd64   = 0x06064b50
	sigLoc64   = 0x07064b50
	centralLen = 46
	endLen     = 22
)

// zipLayout is where a zip's parts lie in its bytes.
type zipLayout struct {
	base    int64 // added to an offset the archive records to get a position in the file (a stub before the zip)
	cdStart int64 // the central directory
	endPos  int64 // the end-of-central-directory record
	records []cdRecord
}

// cdRecord is one central directory record.
type cdRecord struct {
	raw    []byte // the record as it is, name, extra and comment included
	name   string
	local  int64 // its local header's position in the file
	flags  uint16
	method uint16
}

// parseZip finds the end record, the central directory and each record's
// local header. Zip64 archives are refused (a rewrite keeps archives of
// at most MaxRewriteBytes, which never need it).
func parseZip(src []byte, display string) (*zipLayout, error) {
	bad := func(what string) error {
		return (&Reader{display: display, format: Zip}).corrupt(errors.New(what))
	}
	end := -1
	for i := len(src) - endLen; i >= 0 && i >= len(src)-endLen-0xffff; i-- {
		if binary.LittleEndian.Uint32(src[i:]) == sigEnd && i+endLen+int(binary.LittleEndian.Uint16(src[i+20:])) <= len(src) {
			end = i
			break
		}
	}
	if end < 0 {
		return nil, bad("no end of central directory record")
	}
	e := src[end:]
	entries := int(binary.LittleEndian.Uint16(e[10:]))
	cdSize := int64(binary.LittleEndian.Uint32(e[12:]))
	cdOff := int64(binary.LittleEndian.Uint32(e[16:]))
	if (end >= 20 && binary.LittleEndian.Uint32(src[end-20:]) == sigLoc64) || entries == 0xffff || cdSize == 0xffffffff || cdOff == 0xffffffff {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "%s is a zip64 archive, which atomic-script does not rewrite. Update it with bash (zip)", display)
	}
	l := &zipLayout{cdStart: int64(end) - cdSize, endPos: int64(end)}
	if l.cdStart < 0 {
		return nil, bad("the central directory lies before the file")
	}
	l.base = l.cdStart - cdOff
	for p := l.cdStart; p < int64(end); {
		if p+centralLen > int64(end) || binary.LittleEndian.Uint32(src[p:]) != sigCentral {
			return nil, bad("a malformed central directory")
		}
		h := src[p:]
		n := centralLen + int64(binary.LittleEndian.Uint16(h[28:])) + int64(binary.LittleEndian.Uint16(h[30:])) + int64(binary.LittleEndian.Uint16(h[32:]))
		if p+n > int64(end) {
			return nil, bad("a malformed central directory")
		}
		r := cdRecord{
			raw: h[:n], name: string(h[centralLen : centralLen+int64(binary.LittleEndian.Uint16(h[28:]))]),
			local: l.base + int64(binary.LittleEndian.Uint32(h[42:])), flags: binary.LittleEndian.Uint16(h[8:]), method: binary.LittleEndian.Uint16(h[10:]),
		}
		if r.local < 0 || r.local+30 > l.cdStart || binary.LittleEndian.Uint32(src[r.local:]) != sigLocal {
			return nil, bad(fmt.Sprintf("member %q has no local header where the directory says", r.name))
		}
		l.records = append(l.records, r)
		p += n
	}
	if len(l.records) != entries {
		return nil, bad("the directory's entry count disagrees with its records")
	}
	return l, nil
}

// rewriteZip sets member name of the zip src to content by splicing bytes,
// not by rebuilding the archive: everything before the first member (a
// self-extracting stub), every other member's local bytes, every other
// directory record (but for the position it records, shifted when the
// written member changed size), the end record's comment and anything
// after it stay byte for byte. A new member goes after the last one. A
// name that two members share is refused: replacing one would leave the
// other (readers disagree on which counts), dropping it would lose it.
func rewriteZip(src []byte, display, name string, content []byte, now time.Time) ([]byte, bool, error) {
	l, err := parseZip(src, display)
	if err != nil {
		return nil, false, err
	}
	target := -1
	for i, r := range l.records {
		if r.name != name {
			continue
		}
		if target >= 0 {
			return nil, false, duplicateError(display, name, countNamed(l.records, name))
		}
		target = i
	}
	var old zip.FileHeader
	if target >= 0 {
		r := l.records[target]
		for i, o := range l.records {
			if i != target && o.local == r.local {
				return nil, false, tools.Errorf(tools.ErrInvalidArgs, "%s: members %s and %s share one local entry; writing one would change the other. Rewrite the archive with bash (zip)", display, name, o.name)
			}
		}
		if r.flags&0x1 != 0 {
			return nil, false, tools.Errorf(tools.ErrNotAllowed, "%s:%s is encrypted; atomic-script does not rewrite encrypted members", display, name)
		}
		old.Method = r.method
		old.CreatorVersion = binary.LittleEndian.Uint16(r.raw[4:])
		old.ExternalAttrs = binary.LittleEndian.Uint32(r.raw[38:])
		nameLen, extraLen := int(binary.LittleEndian.Uint16(r.raw[28:])), int(binary.LittleEndian.Uint16(r.raw[30:]))
		old.Comment = string(r.raw[centralLen+nameLen+extraLen:])
	}
	local, record, err := oneMember(old, name, content, now)
	if err != nil {
		return nil, false, err
	}
	// The members' local bytes in file order: each runs to the next one,
	// the last to the central directory.
	order := make([]int, len(l.records))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return l.records[order[a]].local < l.records[order[b]].local })
	first := l.cdStart
	if len(order) > 0 {
		first = l.records[order[0]].local
	}
	var out bytes.Buffer
	out.Grow(len(src) + len(local) + len(record))
	out.Write(src[:first])
	newPos := make([]int64, len(l.records))
	for k, i := range order {
		stop := l.cdStart
		if k+1 < len(order) {
			stop = l.records[order[k+1]].local
		}
		if l.records[i].local == stop {
			newPos[i] = int64(out.Len()) // two records naming one local header
			continue
		}
		newPos[i] = int64(out.Len())
		if i == target {
			out.Write(local)
			continue
		}
		out.Write(src[l.records[i].local:stop])
	}
	addedAt := int64(out.Len())
	if target < 0 {
		out.Write(local)
	}
	cdStart := int64(out.Len())
	for i, r := range l.records {
		rec := r.raw
		if i == target {
			rec = record
		}
		rec = append([]byte(nil), rec...)
		binary.LittleEndian.PutUint32(rec[42:], uint32(newPos[i]-l.base))
		out.Write(rec)
	}
	if target < 0 {
		rec := append([]byte(nil), record...)
		binary.LittleEndian.PutUint32(rec[42:], uint32(addedAt-l.base))
		out.Write(rec)
	}
	cdSize := int64(out.Len()) - cdStart
	end := append([]byte(nil), src[l.endPos:]...) // the comment and whatever follows stay
	n := uint16(len(l.records))
	if target < 0 {
		n++
	}
	binary.LittleEndian.PutUint16(end[8:], n)
	binary.LittleEndian.PutUint16(end[10:], n)
	binary.LittleEndian.PutUint32(end[12:], uint32(cdSize))
	binary.LittleEndian.PutUint32(end[16:], uint32(cdStart-l.base))
	out.Write(end)
	return out.Bytes(), target < 0, nil
}

// oneMember encodes name as a zip member: its local bytes and its
// directory record (recording position 0), keeping the method (stored
// stays stored), mode and comment of the member it replaces.
func oneMember(old zip.FileHeader, name string, content []byte, now time.Time) (local, record []byte, err error) {
	h := zip.FileHeader{Name: name, Method: zip.Deflate, Modified: now, Comment: old.Comment, ExternalAttrs: old.ExternalAttrs, CreatorVersion: old.CreatorVersion}
	if old.Method == zip.Store {
		h.Method = zip.Store
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.CreateHeader(&h)
	if err == nil {
		_, err = w.Write(content)
	}
	if err == nil {
		err = zw.Close()
	}
	if err != nil {
		return nil, nil, err
	}
	l, err := parseZip(buf.Bytes(), name)
	if err != nil {
		return nil, nil, err
	}
	return buf.Bytes()[:l.cdStart], l.records[0].raw, nil
}

func countNamed(rs []cdRecord, name string) int {
	n := 0
	for _, r := range rs {
		if r.name == name {
			n++
		}
	}
	return n
}

// duplicateError refuses a write to a name n members share.
func duplicateError(display, name string, n int) error {
	return tools.Errorf(tools.ErrConflict, "%s holds %d members named %s; writing one would leave the other (readers disagree on which one counts) or lose it. Rewrite the archive with bash (zip, tar) so the name is unique", display, n, name)
}
