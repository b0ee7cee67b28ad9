
P
 P