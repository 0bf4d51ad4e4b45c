import bamboo.Bamboo;
import mpi.*;

@Bamboo
public interface BambooOnInterface {
    static void main(String[] args) throws MPIException {
        MPI.Init(args);
        MPI.Finalize();
    }
}
