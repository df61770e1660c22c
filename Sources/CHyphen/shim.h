// libhyphen (Debian's libhyphen-dev): the hyphenation patterns of LibreOffice's dictionaries
// (hyph_*.dic, Debian's hyphen-* packages), read by MushText's Hyphenation.swift.
#ifndef MUSH_HYPHEN_SHIM_H
#define MUSH_HYPHEN_SHIM_H
#include <hyphen.h>
#endif
