// The home page needs nothing beyond common.js.
"use strict";
