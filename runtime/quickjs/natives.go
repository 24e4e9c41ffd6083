package quickjs

import (
	"strconv"
	"sync"
	"unsafe"

	"modernc.org/libc"
	lib "modernc.org/libquickjs"

	"github.com/atomic-script/atomic-script/runtime/webapi"
)

// The web globals' natives (webapi.Host.Natives). kind reads an object's
// class from the engine's own object header, so structuredClone knows a
// Date, a Map or a Proxy without calling methods that throw for every
// other kind (each throw captured a stack: the clone was quadratic in
// depth) and without trusting anything the script can change. It is a
// C-level function of the engine, not one of the binding's Go functions:
// those cost microseconds of reflection a call, and a clone calls kind
// once an object.

// kindIndex maps QuickJS class ids to indexes of webapi.Kinds.
var kindIndex = func() map[uint32]int32 {
	idx := map[string]int32{}
	for i, k := range webapi.Kinds {
		idx[k] = int32(i)
	}
	m := map[uint32]int32{}
	for id, name := range map[uint32]string{
		lib.EJS_CLASS_OBJECT: "Object", lib.EJS_CLASS_ARGUMENTS: "Object",
		lib.EJS_CLASS_ARRAY: "Array", lib.EJS_CLASS_ERROR: "Error",
		lib.EJS_CLASS_NUMBER: "Number", lib.EJS_CLASS_STRING: "String", lib.EJS_CLASS_BOOLEAN: "Boolean",
		lib.EJS_CLASS_SYMBOL: "Symbol", lib.EJS_CLASS_BIG_INT: "BigInt",
		lib.EJS_CLASS_DATE: "Date", lib.EJS_CLASS_REGEXP: "RegExp",
		lib.EJS_CLASS_MAP: "Map", lib.EJS_CLASS_SET: "Set",
		lib.EJS_CLASS_ARRAY_BUFFER: "ArrayBuffer", lib.EJS_CLASS_SHARED_ARRAY_BUFFER: "SharedArrayBuffer",
		lib.EJS_CLASS_DATAVIEW: "DataView", lib.EJS_CLASS_PROXY: "Proxy",
		lib.EJS_CLASS_C_FUNCTION: "Function", lib.EJS_CLASS_BYTECODE_FUNCTION: "Function",
		lib.EJS_CLASS_BOUND_FUNCTION: "Function", lib.EJS_CLASS_C_FUNCTION_DATA: "Function",
		lib.EJS_CLASS_GENERATOR_FUNCTION: "Function", lib.EJS_CLASS_ASYNC_FUNCTION: "Function",
		lib.EJS_CLASS_ASYNC_GENERATOR_FUNCTION: "Function",
	} {
		m[id] = idx[name]
	}
	for id := uint32(lib.EJS_CLASS_UINT8C_ARRAY); id <= lib.EJS_CLASS_FLOAT64_ARRAY; id++ {
		m[id] = idx["TypedArray"]
	}
	return m
}()

var (
	kindOther    = webapi.KindIndex("Other")
	kindDataView = webapi.KindIndex("DataView")
	kindTyped    = webapi.KindIndex("TypedArray")
	kindBuffer   = webapi.KindIndex("ArrayBuffer")
	kindArray    = webapi.KindIndex("Array")
	kindDense    = webapi.KindIndex("DenseArray")
	kindObject   = webapi.KindIndex("Object")
	kindPlain    = webapi.KindIndex("PlainObject")
	kindSame     = webapi.KindIndex("SameShapePlainObject")
)

// lastShapes maps a C context to the shape of the last PlainObject kind
// answered for in it (0 after a reset), for SameShapePlainObject.
var lastShapes sync.Map // uintptr → *uintptr

// kindOf is the kind of the value jv: an index of webapi.Kinds.
func kindOf(jv lib.TJSValue) int32 {
	if jv.Ftag != lib.EJS_TAG_OBJECT {
		return 0
	}
	obj := object(jv)
	k, ok := kindIndex[uint32(obj.Fclass_id)]
	switch {
	case !ok:
		return kindOther
	case (k == kindDataView || k == kindTyped) && tracksLength(obj):
		return webapi.KindIndex("Tracking" + webapi.Kinds[k])
	case k == kindBuffer && detached(obj):
		return webapi.KindIndex("DetachedArrayBuffer")
	case k == kindArray && dense(obj):
		return kindDense
	case k == kindObject && uint32(obj.Fclass_id) == lib.EJS_CLASS_OBJECT && plain(obj):
		return kindPlain
	}
	return k
}

// Offsets in a JSObject that dense reads: the byte of flags after the GC
// header (fast_array is bit 4) and, in the union u, the element count of
// a fast array. Checked against the binding's struct once; where they
// differ, no array is called dense.
const (
	objectFlagsOffset = 16
	fastArrayBit      = 0x10
	arrayCountOffset  = 16 // in u: the union u1, the values pointer, count
)

var denseLayout = unsafe.Offsetof(lib.TJSObject{}.F__ccgo16) == objectFlagsOffset && unsafe.Sizeof(lib.TJSValue{}) == 16

// dense reports whether the array obj is a fast array with every index
// below its length present and no property but length: its clone can be
// read by index, without the string keys Object.keys would make of a
// hundred thousand indexes.
func dense(obj *lib.TJSObject) bool {
	if !denseLayout || obj.F__ccgo16&fastArrayBit == 0 || obj.Fshape == 0 || obj.Fprop == 0 {
		return false
	}
	shape := (*lib.TJSShape)(cMemory(obj.Fshape))
	if shape.Fprop_count-shape.Fdeleted_prop_count != 1 {
		return false
	}
	count := *(*uint32)(unsafe.Add(unsafe.Pointer(&obj.Fu), arrayCountOffset))
	length := *(*lib.TJSValue)(cMemory(obj.Fprop)) // prop[0] is length
	return length.Ftag == lib.EJS_TAG_INT && uint32(*(*int32)(unsafe.Pointer(&length.Fu))) == count
}

// plain reports whether reading the ordinary object obj runs no script
// code: every own property is a data property (no getter, no lazily
// initialised one) and no Proxy is on its prototype chain (an "in" asks a
// Proxy's has trap). structuredClone then reads it without checking that
// each key is still there (only script code could have deleted one).
func plain(obj *lib.TJSObject) bool {
	if obj.Fshape == 0 {
		return false
	}
	shape := (*lib.TJSShape)(cMemory(obj.Fshape))
	// The properties follow the shape and its hash table (get_shape_prop).
	props := cMemory(obj.Fshape + unsafe.Sizeof(lib.TJSShape{}) + uintptr(shape.Fprop_hash_mask+1)*4)
	for i := range uintptr(shape.Fprop_count) {
		prop := (*lib.TJSShapeProperty)(unsafe.Add(props, i*unsafe.Sizeof(lib.TJSShapeProperty{})))
		// flags are the top 6 bits; a deleted property has no atom.
		if prop.Fatom != 0 && (prop.F__ccgo0>>26)&lib.MJS_PROP_TMASK != lib.MJS_PROP_NORMAL {
			return false
		}
	}
	for proto := shape.Fproto; proto != 0; {
		p := (*lib.TJSObject)(cMemory(proto))
		if uint32(p.Fclass_id) == lib.EJS_CLASS_PROXY || p.Fshape == 0 {
			return false
		}
		proto = (*lib.TJSShape)(cMemory(p.Fshape)).Fproto
	}
	return true
}

// object is the engine's header of the object jv (JS_VALUE_GET_OBJ).
func object(jv lib.TJSValue) *lib.TJSObject {
	return (*lib.TJSObject)(cMemory(uintptr(jv.Fu.Fuint641)))
}

// tracksLength reports whether the typed array or DataView obj follows the
// length of its resizable buffer (JSTypedArray.track_rab, which no API
// exposes).
func tracksLength(obj *lib.TJSObject) bool {
	ta := *(*uintptr)(unsafe.Pointer(&obj.Fu))
	return ta != 0 && (*lib.TJSTypedArray)(cMemory(ta)).Ftrack_rab != 0
}

// detached reports whether the ArrayBuffer obj is detached.
func detached(obj *lib.TJSObject) bool {
	ab := *(*uintptr)(unsafe.Pointer(&obj.Fu))
	return ab != 0 && (*lib.TJSArrayBuffer)(cMemory(ab)).Fdetached != 0
}

// kindNative is kind as the engine calls a C function
// (JSCFunction: ctx, this, argc, argv). A PlainObject with the shape of
// the last one (the same own keys in the same order, with the same
// flags, and the same prototype) is a SameShapePlainObject: the clone
// reuses what it read of the last one. kind() with no argument forgets
// the last shape; the clone calls it first, as a shape freed since could
// be reused by an object with other keys.
func kindNative(_ *libc.TLS, ctx uintptr, _ lib.TJSValue, argc int32, argv uintptr) lib.TJSValue {
	k := int32(0)
	var last *uintptr
	if p, ok := lastShapes.Load(ctx); ok {
		last = p.(*uintptr)
	}
	if argc > 0 {
		jv := *(*lib.TJSValue)(cMemory(argv))
		k = kindOf(jv)
		if k == kindPlain && last != nil {
			if shape := object(jv).Fshape; shape == *last {
				k = kindSame
			} else {
				*last = shape
			}
		}
	} else if last != nil {
		*last = 0
	}
	var r lib.TJSValue // JS_MKVAL(JS_TAG_INT, k)
	r.Ftag = lib.EJS_TAG_INT
	*(*int32)(unsafe.Pointer(&r.Fu)) = k
	return r
}

// kindNativeFunc is kindNative as a function value whose code pointer the
// engine calls (the rejection tracker's way).
var kindNativeFunc = kindNative

// detachSource makes the detach native from ArrayBuffer.prototype.transfer
// as it is before any script runs.
const detachSource = `(function (transfer, apply) {
  return function __as_detach(buffer) { apply(transfer, buffer, []); };
})(ArrayBuffer.prototype.transfer, Reflect.apply)`

// natives implements webapi.Host.Natives.
func (q *quickjsVM) natives(kind, detach string) error {
	if q.cContext == 0 {
		return errorf("the binding's layout is not the one this engine knows: no structuredClone")
	}
	tls := libc.NewTLS()
	defer tls.Close()
	name, err := libc.CString(kind)
	if err != nil {
		return err
	}
	defer libc.Xfree(tls, name)
	fn := lib.XJS_NewCFunction2(tls, q.cContext, *(*uintptr)(unsafe.Pointer(&kindNativeFunc)), name, 1, lib.EJS_CFUNC_generic, 0)
	global := lib.XJS_GetGlobalObject(tls, q.cContext)
	lastShapes.Store(q.cContext, new(uintptr))
	rc := lib.XJS_SetPropertyStr(tls, q.cContext, global, name, fn) // takes fn
	lib.XFreeValue(tls, q.cContext, global)
	if rc < 0 {
		return errorf("cannot define %s", kind)
	}
	return q.Eval("Object.defineProperty(globalThis, " + strconv.Quote(detach) + ", {value: " + detachSource + ", configurable: true})")
}
