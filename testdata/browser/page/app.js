function work(n) {
	var x = 0;
	for (var i = 0; i < n; i++)
		x += i % 7;
	return x;
}
