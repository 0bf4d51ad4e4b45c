/* The C reference for AeronBench/PingPong: two ranks, one-way latency of 8-byte ping-pongs and streaming
 * bandwidth of 1 MiB messages (a window of 16 non-blocking sends, then a 1-byte ack); rank 0 prints the
 * median of the repeats as "metric <label>_<name> <value> <unit>", like PingPong.
 *   mpicc -O2 -o /tmp/pingpong scripts/pingpong.c
 *   mpirun -np 2 --mca btl self,vader /tmp/pingpong ompi_shm 20000 20 5     (shared memory)
 *   mpirun -np 2 --mca btl self,tcp   /tmp/pingpong ompi_tcp 20000 20 5     (TCP on loopback) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define SMALL 8
#define LARGE (1 << 20)
#define WINDOW 16

static int cmp(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

static double latency(int rank, int n) {
    char b[SMALL] = {0};
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < n; i++) {
        if (rank == 0) {
            MPI_Send(b, SMALL, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
            MPI_Recv(b, SMALL, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(b, SMALL, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(b, SMALL, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
        }
    }
    return (MPI_Wtime() - t0) * 1e6 / n / 2;
}

static double bandwidth(int rank, int windows, char *b) {
    char ack = 0;
    MPI_Request reqs[WINDOW];
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int w = 0; w < windows; w++) {
        for (int i = 0; i < WINDOW; i++) {
            if (rank == 0) {
                MPI_Isend(b, LARGE, MPI_BYTE, 1, 2, MPI_COMM_WORLD, &reqs[i]);
            } else {
                MPI_Irecv(b, LARGE, MPI_BYTE, 0, 2, MPI_COMM_WORLD, &reqs[i]);
            }
        }
        MPI_Waitall(WINDOW, reqs, MPI_STATUSES_IGNORE);
        if (rank == 0) {
            MPI_Recv(&ack, 1, MPI_BYTE, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Send(&ack, 1, MPI_BYTE, 0, 3, MPI_COMM_WORLD);
        }
    }
    return (double) windows * WINDOW * LARGE / (MPI_Wtime() - t0) / 1e6;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const char *label = argv[1];
    int pings = atoi(argv[2]), windows = atoi(argv[3]), repeats = atoi(argv[4]);
    char *b = calloc(LARGE, 1);
    double *lat = calloc(repeats, sizeof(double)), *bw = calloc(repeats, sizeof(double));
    latency(rank, pings / 10);
    bandwidth(rank, windows / 5 > 0 ? windows / 5 : 1, b);
    for (int r = 0; r < repeats; r++) {
        lat[r] = latency(rank, pings);
        bw[r] = bandwidth(rank, windows, b);
    }
    if (rank == 0) {
        qsort(lat, repeats, sizeof(double), cmp);
        qsort(bw, repeats, sizeof(double), cmp);
        printf("metric %s_pingpong_latency_8B %.2f us\n", label, lat[repeats / 2]);
        printf("metric %s_bandwidth_1MiB %.1f MB/s\n", label, bw[repeats / 2]);
    }
    free(b);
    MPI_Finalize();
    return 0;
}
