package hashline

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

func TestStoreVersions(t *testing.T) {
	s := NewStore()
	t1 := s.Record("/a", "one\r\n")
	if t1 != Tag("one\n") {
		t.Fatalf("tag %s", t1)
	}
	if text, ok := s.Lookup("/a", t1); !ok || text != "one\n" {
		t.Fatalf("Lookup = %q %v (text must be stored normalised)", text, ok)
	}
	t2 := s.Record("/a", "two\n")
	if tag, text, _ := s.Head("/a"); tag != t2 || text != "two\n" {
		t.Fatalf("head %s %q", tag, text)
	}
	// Re-recording a kept text reuses its tag and promotes it to head.
	if s.Record("/a", "one\n") != t1 {
		t.Fatal("tag not reused")
	}
	if tag, _, _ := s.Head("/a"); tag != t1 {
		t.Fatal("not promoted")
	}
	if _, v, _ := s.Len(); v != 2 {
		t.Fatalf("%d versions, want 2", v)
	}
	// Four versions per path; the oldest goes first.
	for i := 0; i < 5; i++ {
		s.Record("/a", fmt.Sprintf("v%d\n", i))
	}
	if _, ok := s.Lookup("/a", t1); ok {
		t.Error("fifth-oldest version kept")
	}
	if _, v, _ := s.Len(); v != 4 {
		t.Errorf("%d versions, want 4", v)
	}
	// Trailing whitespace: same tag, different text.
	s.Record("/b", "x\n")
	if !s.Holds("/b", Tag("x\n"), "x\n") || s.Holds("/b", Tag("x  \n"), "x  \n") {
		t.Error("Holds must compare the full text")
	}
	s.Forget("/b")
	if s.Known("/b", Tag("x\n")) {
		t.Error("Forget kept the path")
	}
}

func TestStoreCollisions(t *testing.T) {
	s := NewStore()
	a, b := s.Record("/c", "collision-389\n"), s.Record("/c", "collision-445\n")
	if a != b {
		t.Fatal("vectors no longer collide")
	}
	if _, ok := s.Lookup("/c", a); ok {
		t.Error("an ambiguous tag must not resolve")
	}
	if !s.Known("/c", a) || !s.Holds("/c", a, "collision-389\n") || !s.Holds("/c", a, "collision-445\n") {
		t.Error("both colliding versions must be kept apart")
	}
}

// TestStoreHasNoCountHorizon: every file a session reads stays known
// (issue 20: the 31st file evicted the first, and edit then refused its
// still-valid tag). Texts are bounded by bytes; an evicted text's read
// record still proves the observation.
func TestStoreHasNoCountHorizon(t *testing.T) {
	s := NewStore()
	const n = 100_000
	for i := 0; i < n; i++ {
		s.Record(fmt.Sprintf("/repo/src/pkg%03d/file%06d.go", i%1000, i), fmt.Sprintf("package p%d\n", i))
	}
	if p, _, _ := s.Len(); p != n {
		t.Errorf("%d files kept, want %d", p, n)
	}
	first := "/repo/src/pkg000/file000000.go"
	if !s.Holds(first, Tag("package p0\n"), "package p0\n") {
		t.Error("the first of 100,000 files read is no longer held")
	}
	if files, size := s.Records(); files != n || size > DefaultMaxRecordBytes {
		t.Errorf("records: %d files, %d bytes", files, size)
	}
}

func TestStoreBounds(t *testing.T) {
	// Size bound: least recently used files go first, then old versions;
	// their read records stay.
	s := NewStoreWithLimits(0, 0, 600)
	s.Record("/old", strings.Repeat("o", 200))
	s.Record("/new", strings.Repeat("a", 200))
	s.Record("/new", strings.Repeat("b", 200))
	if _, _, ok := s.Head("/old"); ok {
		t.Error("older file kept past the size bound")
	}
	if _, _, size := s.Len(); size > 600 {
		t.Errorf("size %d over the bound", size)
	}
	old := strings.Repeat("o", 200)
	if !s.Holds("/old", Tag(old), old) || !s.Known("/old", Tag(old)) || !s.Observed("/old") {
		t.Error("the read record of an evicted text is gone")
	}
	if _, ok := s.Lookup("/old", Tag(old)); ok {
		t.Error("Lookup found an evicted text")
	}
	if s.Holds("/old", Tag(old), old+"x") {
		t.Error("a record must match the exact text")
	}
	s.Record("/new", strings.Repeat("c", 450))
	if _, v, size := s.Len(); v != 1 || size > 600 {
		t.Errorf("%d versions, %d bytes", v, size)
	}
	// A text too large on its own is not kept; its tag is still returned.
	if tag := s.Record("/huge", strings.Repeat("h", 2000)); tag != Tag(strings.Repeat("h", 2000)) {
		t.Error("tag")
	}
	if _, _, ok := s.Head("/huge"); ok {
		t.Error("oversized text kept")
	}
	// Records are bounded by bytes too, oldest first.
	s.SetRecordLimit(400)
	if s.Observed("/old") || !s.Observed("/huge") {
		t.Error("record budget: the oldest record must go first")
	}
	s.Forget("/huge")
	if s.Observed("/huge") || s.Known("/huge", Tag(strings.Repeat("h", 2000))) {
		t.Error("Forget kept the record")
	}
}

func TestStoreConcurrent(t *testing.T) {
	s := NewStore()
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				p := fmt.Sprintf("/f%d", i%40)
				tag := s.Record(p, fmt.Sprintf("%d %d\n", g, i))
				s.Lookup(p, tag)
				s.Head(p)
			}
		}()
	}
	wg.Wait()
	if p, v, _ := s.Len(); p > 40 || v > 160 {
		t.Errorf("bounds broken: %d paths, %d versions", p, v)
	}
}

// TestStoreObservation: a version observed without its text applies
// directly (Holds, Known) and keeps no text; while it is the newest, no
// kept text is the head, though older texts are still found by tag. Seeing
// a kept version again makes it the head again.
func TestStoreObservation(t *testing.T) {
	s := NewStore()
	old := s.Record("/a", "one\n")
	o := Observe("two\r\n")
	if o.Tag != Tag("two\n") {
		t.Fatalf("tag %s", o.Tag)
	}
	s.RecordObservation("/a", o)
	if !s.Holds("/a", o.Tag, "two\n") || !s.Known("/a", o.Tag) || s.Holds("/a", o.Tag, "two  \n") {
		t.Error("an observed version must apply directly, with its exact text")
	}
	if _, ok := s.Lookup("/a", o.Tag); ok {
		t.Error("an observation kept a text")
	}
	if text, ok := s.Lookup("/a", old); !ok || text != "one\n" {
		t.Error("the older text was lost")
	}
	if _, _, ok := s.Head("/a"); ok || s.isHead("/a", old, "one\n") {
		t.Error("an older text counts as the head")
	}
	s.RecordObservation("/a", Observe("one\n"))
	if tag, _, ok := s.Head("/a"); !ok || tag != old {
		t.Error("re-observing a kept version did not make it the head")
	}
	if _, _, size := s.Len(); size > historyOverhead+len("/a")+len("one\n") {
		t.Errorf("store holds %d bytes", size)
	}
	s.RecordObservation("/new", Observe("x\n"))
	if !s.Observed("/new") || !s.Holds("/new", Tag("x\n"), "x\n") {
		t.Error("an observation of an unseen file was not recorded")
	}
	if p, _, _ := s.Len(); p != 1 {
		t.Errorf("an observation made a text entry: %d paths", p)
	}
}
