
SRCDIR_OBJS += ../../common_src/convert-dataset/convert_dataset.o ../../common_src/convert-dataset/mmio.o
