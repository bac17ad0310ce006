/* test_checksum.c — XXH64 (util/xxh64.h), the checksum of every input file
 * in a result's provenance: the values of the reference tool (xxh64sum of
 * Debian's xxhash 0.8.1), and the same value however the bytes are split. */
#include <string.h>

#include "test.h"
#include "util/xxh64.h"

static void matches_the_reference_tool(void)
{
    /* printf %s STRING | xxh64sum */
    CHECK_EQ(cs_xxh64("", 0), 0xef46db3751d8e999ull);
    CHECK_EQ(cs_xxh64("a", 1), 0xd24ec4f1a98c6e5bull);
    CHECK_EQ(cs_xxh64("abc", 3), 0x44bc2cf5ad770999ull);
    const char *fox = "The quick brown fox jumps over the lazy dog"; /* 43 bytes: one stripe and a tail */
    CHECK_EQ(cs_xxh64(fox, strlen(fox)), 0x0b242d361fda71bcull);
    const char *ours = "ctasim: a cycle-level GPU simulator for CTA and warp scheduling research";
    CHECK_EQ(cs_xxh64(ours, strlen(ours)), 0x874e28ff312429deull);
}

/* 1000 bytes i*7 mod 251 (31 stripes and an 8-, 4- and 1-byte tail)
 * fed in every piece size from 1 to 70: always the tool's value. */
static void pieces_do_not_change_the_value(void)
{
    unsigned char buf[1000];
    for (unsigned i = 0; i < sizeof buf; i++)
        buf[i] = (unsigned char)(i * 7 % 251);
    CHECK_EQ(cs_xxh64(buf, sizeof buf), 0x023fd2ed1ff957d5ull);
    for (size_t piece = 1; piece <= 70; piece++) {
        cs_xxh64_t s;
        cs_xxh64_init(&s);
        for (size_t at = 0; at < sizeof buf; at += piece)
            cs_xxh64_update(&s, buf + at, at + piece <= sizeof buf ? piece : sizeof buf - at);
        CHECK_EQ(cs_xxh64_digest(&s), 0x023fd2ed1ff957d5ull);
    }
}

int main(void)
{
    RUN(matches_the_reference_tool);
    RUN(pieces_do_not_change_the_value);
    TEST_EXIT();
}
