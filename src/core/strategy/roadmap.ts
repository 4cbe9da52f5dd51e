// Apart from the strategy's schema: the signed-in first load shows tasks, and must not bring zod with them.

/** The MECE roadmap (docs/product.md#strategy-builder): each maxima with its tasks, and the gaps flagged. */
export type RoadmapInput<T extends { maximaIndex: number | null }> = { maximas: string[]; tasks: T[] };

export function buildRoadmap<T extends { maximaIndex: number | null }>({ maximas, tasks }: RoadmapInput<T>) {
  const branches = maximas.map((maxima, index) => ({
    index,
    maxima,
    tasks: tasks.filter((task) => task.maximaIndex === index),
  }));
  const unlinkedTasks = tasks.filter(
    (task) => task.maximaIndex === null || task.maximaIndex < 0 || task.maximaIndex >= maximas.length,
  );
  return {
    branches,
    unlinkedTasks,
    maximasWithoutTasks: branches.filter((branch) => branch.tasks.length === 0).map((branch) => branch.index),
  };
}
