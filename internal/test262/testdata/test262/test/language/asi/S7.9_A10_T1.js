// Copyright 2009 the Sputnik authors.  All rights reserved.
// This code is governed by the BSD license found in the LICENSE file.

/*---
info: Check {} for automatic semicolon insertion
es5id: 7.9_A10_T1
description: Checking if execution of "1 * {}" passes
---*/

//CHECK#1
1 * {}
