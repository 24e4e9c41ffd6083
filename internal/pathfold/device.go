package pathfold

import "strings"

// IsDeviceName reports whether name is one of Windows' reserved device
// names: CON, PRN, AUX, NUL, COM0-9, LPT0-9 (superscript ¹²³ too), CONIN$
// and CONOUT$, in any case, with any extension and trailing dots or spaces
// ("nul.txt", "Con .log"): opening such a name in any directory opens the
// device, so a write to it is lost (NUL) or goes to the console (CON).
func IsDeviceName(name string) bool {
	base, _, _ := strings.Cut(name, ".")
	base = strings.ToUpper(strings.TrimRight(base, " "))
	switch base {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$":
		return true
	}
	if len(base) >= 4 && (base[:3] == "COM" || base[:3] == "LPT") {
		switch base[3:] {
		case "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "¹", "²", "³":
			return true
		}
	}
	return false
}

// DeviceIn is the first component of path that names a device where the
// system reserves device names (Windows; nowhere else, where "aux.c" is an
// ordinary file), and whether there is one.
func DeviceIn(path string) (string, bool) { return deviceIn(path, devicesReserved) }

func deviceIn(path string, reserved bool) (string, bool) {
	if !reserved {
		return "", false
	}
	for _, c := range Split(path) {
		if IsDeviceName(c) {
			return c, true
		}
	}
	return "", false
}
