package textmatch

import "testing"

func benchForce(b *testing.B, pattern string, fold, swar bool) {
	data := corpus(b)
	m, _ := Compile(pattern, fold)
	for i := range m.needles {
		if swar && !m.needles[i].swar && len(m.needles[i].lit) >= 2 {
			m.needles[i].setupSWAR()
		}
		m.needles[i].swar = swar
	}
	s := m.NewScanner()
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Reset(data)
		for {
			if _, _, ok := s.Next(); !ok {
				break
			}
		}
	}
}

func BenchmarkPrefilterModes(b *testing.B) {
	for _, p := range []struct {
		name, pat string
		fold      bool
	}{{"funcmain", "func main", false}, {"funcmainI", "func main", true}, {"ctx", `\(ctx context\.Context`, false}, {"nomatch", "zqxjv_no_such_text", false}, {"return", "return nil", false}, {"errI", "err != nil", true}} {
		for _, sw := range []bool{false, true} {
			b.Run(p.name+map[bool]string{false: "/memchr", true: "/swar"}[sw], func(b *testing.B) { benchForce(b, p.pat, p.fold, sw) })
		}
	}
}
