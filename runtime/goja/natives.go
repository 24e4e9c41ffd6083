package goja

import (
	"math/big"
	"reflect"

	"github.com/dop251/goja"

	"github.com/atomic-script/atomic-script/runtime/webapi"
)

// The web globals' natives (webapi.Host.Natives) on goja. goja's class
// names do not tell a Map, a Proxy or a typed array from a plain object,
// but the Go type behind an object does: kind reads it by reflection
// (its type only; nothing unexported is used), and detach goes through
// goja's ArrayBuffer.

// gojaKinds maps the Go type behind a goja object to webapi.Kinds.
var gojaKinds = map[string]string{
	"*goja.baseObject": "Object", "*goja.templatedObject": "Object", "*goja.argumentsObject": "Object",
	"*goja.arrayObject": "Array", "*goja.sparseArrayObject": "Array",
	"*goja.mapObject": "Map", "*goja.setObject": "Set",
	"*goja.dateObject": "Date", "*goja.regexpObject": "RegExp", "*goja.errorObject": "Error",
	"*goja.stringObject": "String", "*goja.proxyObject": "Proxy",
	"*goja.typedArrayObject": "TypedArray", "*goja.dataViewObject": "DataView",
}

var bigIntType = reflect.TypeOf((*big.Int)(nil))

func (v *vm) kindOf(call goja.FunctionCall) goja.Value {
	return v.rt.ToValue(webapi.KindIndex(kindOf(call.Argument(0))))
}

func kindOf(val goja.Value) string {
	obj, ok := val.(*goja.Object)
	if !ok {
		return ""
	}
	self := reflect.ValueOf(obj).Elem().FieldByName("self")
	impl := ""
	if self.IsValid() && !self.IsNil() {
		impl = self.Elem().Type().String()
	}
	if k, ok := gojaKinds[impl]; ok {
		return k
	}
	switch impl {
	case "*goja.arrayBufferObject":
		if ab, _ := obj.Export().(goja.ArrayBuffer); ab.Detached() {
			return "DetachedArrayBuffer"
		}
		return "ArrayBuffer"
	case "*goja.primitiveValueObject":
		switch c := obj.ClassName(); {
		case c == "Boolean" || c == "Number":
			return c
		case obj.ExportType() == bigIntType:
			return "BigInt"
		}
		return "Symbol"
	}
	if _, ok := goja.AssertFunction(obj); ok {
		return "Function"
	}
	return "Other"
}

func (v *vm) detachNative(call goja.FunctionCall) goja.Value {
	if obj, ok := call.Argument(0).(*goja.Object); ok {
		if ab, ok := obj.Export().(goja.ArrayBuffer); ok {
			ab.Detach()
		}
	}
	return goja.Undefined()
}

// natives implements webapi.Host.Natives.
func (v *vm) natives(kind, detach string) error {
	if err := v.rt.Set(kind, v.native(kind, 1, v.kindOf)); err != nil {
		return err
	}
	return v.rt.Set(detach, v.native(detach, 1, v.detachNative))
}
