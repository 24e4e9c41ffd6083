package check

import (
	"encoding/json"
	"errors"
	"sort"
	"strings"
)

// sourceMap is a decoded source map (version 3) of one source: for each
// generated line, its segments in column order. Columns are 0-based UTF-16
// units, lines 0-based, as the format has them.
//
// It is decoded here rather than with a library because a lookup needs the
// generated column of the segment it lands in (to keep the offset within
// it), and must not fall back to a segment of an earlier line.
type sourceMap struct {
	lines [][]segment
}

type segment struct {
	genCol, srcLine, srcCol int
}

const vlqChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

var vlqValue = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for i := 0; i < len(vlqChars); i++ {
		t[vlqChars[i]] = int8(i)
	}
	return t
}()

func parseSourceMap(data []byte) (*sourceMap, error) {
	var raw struct {
		Version  int    `json:"version"`
		Mappings string `json:"mappings"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	if raw.Version != 3 {
		return nil, errors.New("source map: not version 3")
	}
	m := &sourceMap{lines: make([][]segment, 0, strings.Count(raw.Mappings, ";")+1)}
	var segs []segment
	var srcLine, srcCol, genCol int
	s := raw.Mappings
	for {
		switch {
		case s == "" || s[0] == ';':
			sort.SliceStable(segs, func(i, j int) bool { return segs[i].genCol < segs[j].genCol })
			m.lines = append(m.lines, segs)
			if s == "" {
				return m, nil
			}
			segs, genCol, s = nil, 0, s[1:]
			continue
		case s[0] == ',':
			s = s[1:]
			continue
		}
		var f [5]int
		n := 0
		for s != "" && s[0] != ',' && s[0] != ';' {
			if n == 5 {
				return nil, errors.New("source map: a segment with more than 5 fields")
			}
			v, rest, err := vlq(s)
			if err != nil {
				return nil, err
			}
			f[n], s, n = v, rest, n+1
		}
		genCol += f[0]
		if n < 4 {
			continue // a segment with no source
		}
		srcLine += f[2]
		srcCol += f[3]
		segs = append(segs, segment{genCol, srcLine, srcCol})
	}
}

// vlq decodes one base64 VLQ value from the front of s.
func vlq(s string) (int, string, error) {
	v, shift := 0, 0
	for i := 0; i < len(s); i++ {
		d := int(vlqValue[s[i]])
		if d < 0 || shift > 30 {
			return 0, "", errors.New("source map: bad VLQ")
		}
		v |= (d & 31) << shift
		shift += 5
		if d&32 == 0 {
			if v&1 != 0 {
				return -(v >> 1), s[i+1:], nil
			}
			return v >> 1, s[i+1:], nil
		}
	}
	return 0, "", errors.New("source map: truncated VLQ")
}

// lookup maps a generated position (0-based line and UTF-16 column) to the
// source: the segment at or before the column on that line, plus the
// offset into it. indent is the width of the line's leading white space,
// which a segment starting the line covers but the source does not have.
func (m *sourceMap) lookup(line, col, indent int) (srcLine, srcCol int, ok bool) {
	if line < 0 || line >= len(m.lines) {
		return 0, 0, false
	}
	segs := m.lines[line]
	i := sort.Search(len(segs), func(i int) bool { return segs[i].genCol > col }) - 1
	if i < 0 {
		if len(segs) == 0 {
			return 0, 0, false
		}
		i = 0
	}
	s := segs[i]
	return s.srcLine, s.srcCol + max(0, col-max(s.genCol, indent)), true
}
