// SPDX-License-Identifier: GPL-2.0-or-later
function work(n) {
	var x = 0;
	for (var i = 0; i < n; i++)
		x += i % 7;
	return x;
}
