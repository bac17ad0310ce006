/* addrmap.c — GPGPU-Sim-style address decoding (see addrmap.h).
 *
 * The mapping string lists, from bit 63 down to bit 0, which field each
 * address bit feeds: D channel, B bank, R row, C column, S byte within the
 * burst, 0 unused. Field values are the listed bits packed in order (the
 * lowest listed bit becomes bit 0 of the field).
 *
 * "dramid@N;" (GPGPU-Sim's form for channel counts that are not powers of
 * two): the channel is taken as (addr >> N) mod n_channels, and the quotient
 * replaces the bits above N before the other fields are extracted, so that
 * consecutive 2^N-byte chunks rotate over the channels and no address space
 * is lost. */
#include "addrmap.h"

#include <string.h>

int addrmap_init(addrmap_t *m, const char *spec, uint32_t n_channels, uint32_t n_sub_per_channel,
                 uint32_t indexing, cs_error_t *err)
{
    memset(m, 0, sizeof *m);
    m->n_channels = n_channels;
    m->n_sub_per_channel = n_sub_per_channel ? n_sub_per_channel : 1;
    m->indexing = indexing;
    m->dramid_at = -1;
    if (n_channels < 1 || n_channels > 256)
        return cs_err(err, NULL, 0, "-gpgpu_mem_addr_mapping: %u channels (1..256 supported)", n_channels);
    const char *p = spec;
    if (!strncmp(p, "dramid@", 7)) {
        p += 7;
        int v = 0;
        if (*p < '0' || *p > '9')
            return cs_err(err, NULL, 0, "-gpgpu_mem_addr_mapping: expected a bit number after 'dramid@'");
        while (*p >= '0' && *p <= '9')
            v = v * 10 + (*p++ - '0');
        if (v > 40)
            return cs_err(err, NULL, 0, "-gpgpu_mem_addr_mapping: dramid@%d is out of range", v);
        if (*p != ';')
            return cs_err(err, NULL, 0, "-gpgpu_mem_addr_mapping: expected ';' after dramid@%d", v);
        p++;
        m->dramid_at = v;
    }
    int bit = 63, count = 0;
    for (; *p; p++) {
        char ch = *p;
        if (ch == '.' || ch == ' ')
            continue;
        if (count == 64)
            return cs_err(err, NULL, 0, "-gpgpu_mem_addr_mapping: more than 64 address bits");
        uint8_t *nb;
        uint8_t *bits;
        switch (ch) {
        case 'D': nb = &m->nbits_d; bits = m->bits_d; break;
        case 'B': nb = &m->nbits_b; bits = m->bits_b; break;
        case 'R': nb = &m->nbits_r; bits = m->bits_r; break;
        case 'C': nb = &m->nbits_c; bits = m->bits_c; break;
        case 'S': nb = &m->nbits_s; bits = m->bits_s; break;
        case '0': nb = NULL; bits = NULL; break;
        default:
            return cs_err(err, NULL, 0, "-gpgpu_mem_addr_mapping: unexpected character '%c' (use D B R C S 0)", ch);
        }
        if (nb) { /* stored LSB first: insert at the front as we walk down from bit 63 */
            memmove(bits + 1, bits, *nb);
            bits[0] = (uint8_t)bit;
            (*nb)++;
        }
        bit--;
        count++;
    }
    if (count != 64)
        return cs_err(err, NULL, 0, "-gpgpu_mem_addr_mapping: %d address bits given, 64 expected", count);
    if (m->dramid_at >= 0 && m->nbits_d)
        return cs_err(err, NULL, 0, "-gpgpu_mem_addr_mapping: both dramid@ and D bits given");
    if (m->dramid_at < 0 && (1ull << m->nbits_d) < n_channels)
        return cs_err(err, NULL, 0, "-gpgpu_mem_addr_mapping: %u D bits cannot address %u channels", m->nbits_d,
                      n_channels);
    if (!m->nbits_b && m->n_sub_per_channel > 1)
        return cs_err(err, NULL, 0, "-gpgpu_mem_addr_mapping: no bank bits to choose among %u L2 slices per channel",
                      m->n_sub_per_channel);
    return 0;
}

static uint32_t gather(uint64_t a, const uint8_t *bits, uint8_t n)
{
    uint32_t v = 0;
    for (uint8_t i = 0; i < n; i++)
        v |= (uint32_t)((a >> bits[i]) & 1u) << i;
    return v;
}

void addrmap_decode(const addrmap_t *m, uint64_t addr, dram_coord_t *out)
{
    uint64_t a = addr;
    uint32_t ch;
    if (m->dramid_at >= 0) {
        uint64_t low = a & ((1ull << m->dramid_at) - 1), high = a >> m->dramid_at;
        ch = (uint32_t)(high % m->n_channels);
        a = ((high / m->n_channels) << m->dramid_at) | low;
    } else {
        ch = gather(a, m->bits_d, m->nbits_d) % m->n_channels;
    }
    out->bank = gather(a, m->bits_b, m->nbits_b);
    out->row = gather(a, m->bits_r, m->nbits_r);
    out->col = gather(a, m->bits_c, m->nbits_c);
    if (m->indexing == 1) /* XOR the channel with low row bits: spreads power-of-two strides */
        ch = (ch ^ out->row) % m->n_channels;
    else if (m->indexing >= 2) /* a polynomial-style hash of row and bank (approximation) */
        ch = (uint32_t)((ch + out->row * 0x9E37u + out->bank * 0x85EBu) % m->n_channels);
    out->channel = ch;
    out->sub_partition = ch * m->n_sub_per_channel + out->bank % m->n_sub_per_channel;
}
