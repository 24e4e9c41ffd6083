// Copyright (C) 2011 the V8 project authors. All rights reserved.
// This code is governed by the BSD license found in the LICENSE file.
/*---
es6id: 13.1
description: >
    redeclaration outermost:
    allowed to redeclare var with function declaration
---*/
var f; function f() {}

