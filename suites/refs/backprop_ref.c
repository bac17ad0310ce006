/* backprop_ref.c — the CPU reference of Rodinia backprop: linked with the
 * program's own host code (backprop.c, facetrain.c, imagenet.c: the same
 * network, seed and input), it stands in for backprop_cuda.cu, whose
 * bpnn_train_cuda runs two kernels and prints nothing it computed. This one
 * computes on the CPU what those kernels compute, in their float order, and
 * writes dtoh.bin with what the CUDA program copies back from the device,
 * in its order (CTASIM_CUDART_DTOH, tools/run_suites.sh):
 *   1. the partial sums of bpnn_layerforward_CUDA: per block of HEIGHT
 *      inputs and per hidden unit, the products input * weight summed by
 *      the kernel's tree (pairs, then pairs of pairs, ...);
 *   2. the input units (the device copy, unchanged);
 *   3. the input-to-hidden weights after bpnn_adjust_weights_cuda, one row
 *      of hid + 1 per input (row 0: the bias row), the update evaluated in
 *      double as the kernel's expression is (ETA, MOMENTUM are doubles).
 * Between the two, the host steps of the CUDA program, with its functions.
 * Usage (as the program): backprop_ref LAYER_SIZE */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "backprop.h"

int setup(int argc, char **argv);

static void put(FILE *f, const float *v, size_t n)
{
    if (fwrite(v, sizeof *v, n, f) != n) {
        fprintf(stderr, "backprop_ref: error writing dtoh.bin\n");
        exit(1);
    }
}

void bpnn_train_cuda(BPNN *net, float *eo, float *eh)
{
    int in = net->input_n, hid = net->hidden_n, out = net->output_n, blocks = in / HEIGHT;
    float *partial = malloc((size_t)blocks * WIDTH * sizeof *partial);
    float *w = malloc((size_t)(in + 1) * (hid + 1) * sizeof *w);
    if (!partial || !w) {
        fprintf(stderr, "backprop_ref: out of memory\n");
        exit(1);
    }
    for (int by = 0; by < blocks; by++)
        for (int tx = 0; tx < WIDTH; tx++) {
            float v[HEIGHT];
            for (int ty = 0; ty < HEIGHT; ty++) {
                int row = HEIGHT * by + ty + 1;
                v[ty] = net->input_weights[row][tx + 1] * net->input_units[row];
            }
            for (int p = 2; p <= HEIGHT; p *= 2)
                for (int ty = 0; ty < HEIGHT; ty += p) v[ty] = v[ty] + v[ty + p / 2];
            partial[by * hid + tx] = v[0];
        }
    for (int j = 1; j <= hid; j++) {
        float sum = 0.0f;
        for (int k = 0; k < blocks; k++) sum += partial[k * hid + j - 1];
        sum += net->input_weights[0][j];
        net->hidden_units[j] = (float)(1.0 / (1.0 + expf(-sum))); /* C++'s exp(float) */
    }
    FILE *f = fopen("dtoh.bin", "wb");
    if (!f) {
        fprintf(stderr, "backprop_ref: cannot write dtoh.bin\n");
        exit(1);
    }
    put(f, partial, (size_t)blocks * WIDTH);
    put(f, net->input_units, (size_t)in + 1);
    float out_err, hid_err;
    bpnn_layerforward(net->hidden_units, net->output_units, net->hidden_weights, hid, out);
    bpnn_output_error(net->output_delta, net->target, net->output_units, out, &out_err);
    bpnn_hidden_error(net->hidden_delta, hid, net->output_delta, out, net->hidden_weights, net->hidden_units, &hid_err);
    bpnn_adjust_weights(net->output_delta, out, net->hidden_units, hid, net->hidden_weights, net->hidden_prev_weights);
    for (int k = 0; k <= in; k++)
        for (int j = 0; j <= hid; j++) {
            float x = net->input_weights[k][j], old = net->input_prev_weights[k][j];
            if (j > 0 && k > 0)
                x += (ETA * net->hidden_delta[j] * net->input_units[k]) + (MOMENTUM * old);
            else if (j > 0)
                x += (ETA * net->hidden_delta[j]) + (MOMENTUM * old);
            w[k * (hid + 1) + j] = x;
        }
    put(f, w, (size_t)(in + 1) * (hid + 1));
    if (fclose(f) != 0) {
        fprintf(stderr, "backprop_ref: error writing dtoh.bin\n");
        exit(1);
    }
    free(partial);
    free(w);
    (void)eo, (void)eh;
}

int main(int argc, char **argv) { return setup(argc, argv); }
