#ifndef CIMAGECODECS_H
#define CIMAGECODECS_H
int cic_placeholder(void);
#endif
