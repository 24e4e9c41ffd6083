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

func TestStoreBounds(t *testing.T) {
	s := NewStore()
	for i := 0; i < 31; i++ {
		s.Record(fmt.Sprintf("/p%d", i), "x\n")
	}
	if p, _, _ := s.Len(); p != 30 {
		t.Errorf("%d paths, want 30", p)
	}
	if _, _, ok := s.Head("/p0"); ok {
		t.Error("least recently used path kept")
	}
	// Size bound: least recently used files go first, then old versions.
	s = NewStoreWithLimits(0, 0, 100)
	s.Record("/old", strings.Repeat("o", 40))
	s.Record("/new", strings.Repeat("a", 40))
	s.Record("/new", strings.Repeat("b", 40))
	if _, _, ok := s.Head("/old"); ok {
		t.Error("older file kept past the size bound")
	}
	if _, _, size := s.Len(); size > 100 {
		t.Errorf("size %d over the bound", size)
	}
	s.Record("/new", strings.Repeat("c", 90))
	if _, v, size := s.Len(); v != 1 || size > 100 {
		t.Errorf("%d versions, %d bytes", v, size)
	}
	// A text too large on its own is not kept; its tag is still returned.
	if tag := s.Record("/huge", strings.Repeat("h", 200)); tag != Tag(strings.Repeat("h", 200)) {
		t.Error("tag")
	}
	if _, _, ok := s.Head("/huge"); ok {
		t.Error("oversized text kept")
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
	if p, v, _ := s.Len(); p > 30 || v > 120 {
		t.Errorf("bounds broken: %d paths, %d versions", p, v)
	}
}
