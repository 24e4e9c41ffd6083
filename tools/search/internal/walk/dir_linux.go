//go:build linux

package walk

import (
	"encoding/binary"

	"golang.org/x/sys/unix"
)

// kindUnknown marks an entry whose type the directory did not report.
const kindUnknown Kind = 255

// dirHandle keeps a directory open while its entries are examined, so
// type and time lookups are relative to it (fstatat) instead of resolving
// the whole path again.
type dirHandle struct{ fd int }

func (h dirHandle) close() {
	if h.fd >= 0 {
		unix.Close(h.fd)
	}
}

func (h dirHandle) stat(name string) (unix.Stat_t, bool) {
	var st unix.Stat_t
	if h.fd < 0 {
		return st, false
	}
	for {
		err := unix.Fstatat(h.fd, name, &st, unix.AT_SYMLINK_NOFOLLOW)
		if err == unix.EINTR {
			continue
		}
		return st, err == nil
	}
}

func (h dirHandle) kind(name string) Kind {
	st, ok := h.stat(name)
	if !ok {
		return KindOther
	}
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFREG:
		return KindFile
	case unix.S_IFDIR:
		return KindDir
	case unix.S_IFLNK:
		return KindSymlink
	}
	return KindOther
}

func (h dirHandle) mtime(name string) (int64, bool) {
	st, ok := h.stat(name)
	if !ok {
		return 0, false
	}
	return st.Mtim.Nano(), true
}

// readDir lists path with getdents64, appending to ents. The directory's
// stamp is taken before it is read, so a change made while it is read
// shows as a later stamp.
func (st *workerState) readDir(path string, ents []Entry, stamped bool) ([]Entry, dirHandle, stamp, error) {
	var fd int
	var err error
	for {
		fd, err = unix.Open(path, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		return ents, dirHandle{fd: -1}, stamp{}, err
	}
	var sb unix.Stat_t
	var sp stamp
	if stamped && unix.Fstat(fd, &sb) == nil {
		sp = stamp{mtime: sb.Mtim.Nano(), ctime: sb.Ctim.Nano(), ok: true}
	}
	buf := st.dirents
	for {
		n, err := unix.Getdents(fd, buf)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return ents, dirHandle{fd: fd}, sp, err
		}
		if n <= 0 {
			break
		}
		for off := 0; off < n; {
			// struct linux_dirent64 { u64 ino; s64 off; u16 reclen; u8 type; char name[]; }
			reclen := int(binary.NativeEndian.Uint16(buf[off+16:]))
			typ := buf[off+18]
			name := buf[off+19 : off+reclen]
			for i, c := range name {
				if c == 0 {
					name = name[:i]
					break
				}
			}
			off += reclen
			if len(name) == 0 || (name[0] == '.' && (len(name) == 1 || (len(name) == 2 && name[1] == '.'))) {
				continue
			}
			k := kindUnknown
			switch typ {
			case unix.DT_REG:
				k = KindFile
			case unix.DT_DIR:
				k = KindDir
			case unix.DT_LNK:
				k = KindSymlink
			case unix.DT_UNKNOWN:
			default:
				k = KindOther
			}
			ents = append(ents, Entry{Name: string(name), Kind: k})
		}
	}
	return ents, dirHandle{fd: fd}, sp, nil
}

// stampOf returns path's stamp now.
func stampOf(path string) stamp {
	var sb unix.Stat_t
	for {
		err := unix.Stat(path, &sb)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return stamp{}
		}
		return stamp{mtime: sb.Mtim.Nano(), ctime: sb.Ctim.Nano(), size: sb.Size, ino: sb.Ino, ok: true}
	}
}
