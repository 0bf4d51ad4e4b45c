import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class MainNotStatic {
    public void main(String[] args) throws MPIException {
        MPI.Init(args);
        MPI.Finalize();
    }
}
